import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FrontendResources } from '@portal/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../../platform/access.ts';
import { isVisible } from '../access/resources.ts';
import { applicationFrontend } from '../applications/menu-trees.ts';
import { errors } from '../../../platform/responses.ts';
import type { PermissionService } from '../context.ts';
import { buildTree, loadMenuRows } from '../menus/tree.ts';

const Role = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });

export const selfRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/users/self/roles',
    { config: { access: 'signedIn' }, schema: { tags: ['users'], summary: "The caller's roles", response: { 200: Type.Array(Role) } } },
    async (request) => (await ps.decider.grantsOf(principalOf(request).userId)).roles,
  );

  app.get(
    '/users/resources/frontend',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "The caller's permitted menu tree and resource strings: the console's, or with instant one application's",
        querystring: Type.Object({ instant: Type.Optional(Type.String({ maxLength: 128 })) }),
        response: { 200: FrontendResources, ...errors(404) },
      },
    },
    async (request) => {
      const grants = await ps.decider.grantsOf(principalOf(request).userId);
      if (request.query.instant) return applicationFrontend(ps.db, grants, request.query.instant);
      const rows = await loadMenuRows(ps.db, { kind: 'console' });
      const menus = buildTree(rows, (row) => grants.all || isVisible(row.resource, grants.resources));
      // Every resource, applications' included: the web access check opens their routes by them.
      const resources = grants.all ? [...new Set(grants.resources)] : grants.resources;
      return { resources, menus };
    },
  );
};
