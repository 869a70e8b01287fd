import type { MenuInput, MenuNode, MenuUpdate } from '@portal/contracts';
import { http } from '../../../../api/http.ts';
import { permissionUrl } from '../../../../components/admin/adminApi.ts';
import type { Placement } from './menuTreeOps.ts';

/** The changes to the menu tree; the tree itself is the shared `useMenuTree()` (components/admin). */
export const menuApi = {
  create: async (input: MenuInput) => (await http.post<MenuNode>(permissionUrl('/menus'), input)).data,
  update: async (id: string, input: MenuUpdate) => (await http.put<MenuNode>(permissionUrl('/menus/{id}', { id }), input)).data,
  remove: async (id: string) => void (await http.delete(permissionUrl('/menus/{id}', { id }))),
  move: async (id: string, placement: Placement) => void (await http.patch(permissionUrl('/menus/{id}/order', { id }), placement)),
};
