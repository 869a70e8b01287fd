import { menuEndpoints, type MenuInput, type MenuNode, type MenuUpdate } from '@portal/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { call } from '../../../../api/call.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import type { Placement } from './menuTreeOps.ts';

/**
 * Where a tree of pages and permission points is changed, and the query showing it: the console's
 * menu, or an application's own tree (applicationManage's resources tab), edited by the same editor.
 */
export interface MenuNodeStore {
  create: (input: MenuInput) => Promise<MenuNode>;
  update: (id: string, input: MenuUpdate) => Promise<MenuNode>;
  remove: (id: string) => Promise<unknown>;
  move: (id: string, placement: Placement) => Promise<unknown>;
  /** The query of the tree, reloaded after every change. */
  treeKey: QueryKey;
}

/** The changes to the console's menu tree; the tree itself is the shared `useMenuTree()` (components/admin). */
export const menuApi: MenuNodeStore = {
  create: (input) => call(menuEndpoints.create, { body: input }),
  update: (id, input) => call(menuEndpoints.update, { params: { id }, body: input }),
  remove: (id) => call(menuEndpoints.remove, { params: { id } }),
  move: (id, placement) => call(menuEndpoints.move, { params: { id }, body: placement }),
  treeKey: ADMIN_KEYS.menuTree,
};
