import { menuEndpoints } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ADMIN_KEYS } from './adminApi.ts';

export const fetchMenuTree = () => call(menuEndpoints.tree);

/**
 * The whole menu tree (GET /menus), shared by the menu editor and the role permission tab: an
 * edit in one shows in the other at once.
 */
export const useMenuTree = () => useQuery({ queryKey: ADMIN_KEYS.menuTree, queryFn: fetchMenuTree });
