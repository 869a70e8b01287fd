import { ownGrantEndpoints as own } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { isVisible } from '../access/resources.ts';
import { applicationFrontend } from '../applications/menu-trees.ts';
import type { PermissionService } from '../context.ts';
import { buildTree, loadMenuRows } from '../menus/tree.ts';

/** What the caller is granted: their roles, and the menu tree and resource strings the web opens by. */
export async function selfRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(own.roles, async (request) => (await ps.decider.grantsOf(principalOf(request).userId)).roles),
    route(own.frontend, async (request) => {
      const grants = await ps.decider.grantsOf(principalOf(request).userId);
      if (request.query.instant) return applicationFrontend(ps.db, grants, request.query.instant);
      const rows = await loadMenuRows(ps.db, { kind: 'console' });
      const menus = buildTree(rows, (row) => grants.all || isVisible(row.resource, grants.resources));
      // Every resource, applications' included: the web access check opens their routes by them.
      const resources = grants.all ? [...new Set(grants.resources)] : grants.resources;
      return { resources, menus };
    }),
  ]);
}
