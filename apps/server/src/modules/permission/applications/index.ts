import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from '../context.ts';
import { applicationClientRoutes } from './client-routes.ts';
import { applicationApiRoutes } from './apis/routes.ts';
import { applicationAuthorizationRoutes } from './authorizations/routes.ts';
import { applicationDomFileRoutes } from './dom/file-routes.ts';
import { applicationDomRoutes } from './dom/routes.ts';
import { applicationRoutes } from './routes.ts';
import { applicationSelfRoutes } from './self-routes.ts';
import { applicationTokenRoutes } from './token-routes.ts';

/** Route plugins of the application registry. */
export const applicationRegistryRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [
  applicationRoutes,
  applicationDomRoutes,
  applicationDomFileRoutes,
  applicationSelfRoutes,
  applicationTokenRoutes,
  applicationClientRoutes,
  applicationApiRoutes,
  applicationAuthorizationRoutes,
];
