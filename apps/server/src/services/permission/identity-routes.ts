import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from './context.ts';

/** Route plugins of organisations, positions, groups, relations, roles, menus, audit log, common statistics. */
export const identityRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [];
