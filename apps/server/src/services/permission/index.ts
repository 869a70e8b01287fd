import type { FastifyPluginAsync } from 'fastify';
import type { PermissionService } from './context.ts';
import { menuRoutes } from './menus/routes.ts';
import { selfRoutes } from './users/self-routes.ts';

/** permission: users, groups, roles, relations, organisations, positions, menus, applications. */
export const permission: FastifyPluginAsync<{ services: PermissionService }> = async (app, { services }) => {
  for (const routes of [menuRoutes, selfRoutes]) await app.register(routes, services);
};
