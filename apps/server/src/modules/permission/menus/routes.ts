import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MenuNodeRef } from '@portal/contracts';
import { Type } from 'typebox';
import type { PermissionService } from '../context.ts';
import { buildTree, loadMenuRows } from './tree.ts';

export const menuRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/menus',
    {
      config: { access: 'gated' },
      schema: { tags: ['menus'], summary: 'The whole menu tree: pages and permission points', response: { 200: Type.Array(MenuNodeRef) } },
    },
    async () => buildTree(await loadMenuRows(ps.db)),
  );
};
