import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from '../context.ts';

/** Route plugins of user administration and the Excel import/export. */
export const userAdminRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [];
