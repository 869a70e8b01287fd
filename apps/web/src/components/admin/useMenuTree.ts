import type { MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http.ts';
import { ADMIN_KEYS, permissionUrl } from './adminApi.ts';

export const fetchMenuTree = (): Promise<MenuNode[]> => http.get<MenuNode[]>(permissionUrl('/menus')).then((r) => r.data);

/**
 * The whole menu tree (GET /menus), shared by the menu editor and the role permission tab: an
 * edit in one shows in the other at once.
 */
export const useMenuTree = () => useQuery({ queryKey: ADMIN_KEYS.menuTree, queryFn: fetchMenuTree });
