import type { FastifyPluginAsync } from 'fastify';
import { applicationRegistryRoutes } from './applications/index.ts';
import type { PermissionService } from './context.ts';
import { identityRoutes } from './identity-routes.ts';
import { menuRoutes } from './menus/routes.ts';
import { userAdminRoutes } from './users/admin-routes-index.ts';
import { userSelfServiceRoutes } from './users/self-service-routes-index.ts';
import { selfRoutes } from './users/self-routes.ts';

/** permission: users, groups, roles, relations, organisations, positions, menus, applications. */
export const permission: FastifyPluginAsync<{ services: PermissionService }> = async (app, { services }) => {
  for (const routes of [
    menuRoutes,
    selfRoutes,
    ...identityRoutes,
    ...userAdminRoutes,
    ...userSelfServiceRoutes,
    ...applicationRegistryRoutes,
  ]) {
    await app.register(routes, services);
  }
};
