import { menuEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { buildTree, loadMenuRows } from './tree.ts';

export async function menuRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [route(menuEndpoints.tree, async () => buildTree(await loadMenuRows(ps.db)))]);
}
