import type { FastifyInstance } from 'fastify';
import { apiCatalogueRoutes } from './api-catalogue/routes.ts';
import { applicationRegistryRoutes } from './applications/index.ts';
import type { PermissionService } from './context.ts';
import { identityRoutes } from './identity-routes.ts';
import { menuRoutes } from './menus/routes.ts';
import { pageModelRoutes } from './page-models/routes.ts';
import { userAdminRoutes } from './users/admin-routes-index.ts';
import { userSelfServiceRoutes } from './users/self-service-routes-index.ts';
import { selfRoutes } from './users/self-routes.ts';

/** Every permission route, under its prefix. */
export async function permissionRoutes(app: FastifyInstance, services: PermissionService): Promise<void> {
  for (const routes of [
    menuRoutes,
    selfRoutes,
    ...identityRoutes,
    ...userAdminRoutes,
    ...userSelfServiceRoutes,
    ...applicationRegistryRoutes,
    apiCatalogueRoutes,
    pageModelRoutes,
  ]) {
    await app.register(routes, services);
  }
}
