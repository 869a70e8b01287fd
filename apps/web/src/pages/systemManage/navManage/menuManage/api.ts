import { menuEndpoints, type MenuInput, type MenuUpdate } from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import type { Placement } from './menuTreeOps.ts';

/** The changes to the menu tree; the tree itself is the shared `useMenuTree()` (components/admin). */
export const menuApi = {
  create: (input: MenuInput) => call(menuEndpoints.create, { body: input }),
  update: (id: string, input: MenuUpdate) => call(menuEndpoints.update, { params: { id }, body: input }),
  remove: async (id: string) => void (await call(menuEndpoints.remove, { params: { id } })),
  move: async (id: string, placement: Placement) => void (await call(menuEndpoints.move, { params: { id }, body: placement })),
};
