import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditRoutes } from './audit/routes.ts';
import { commonRoutes } from './common/routes.ts';
import type { PermissionService } from './context.ts';
import { groupRoutes } from './groups/routes.ts';
import { menuAdminRoutes } from './menus/admin-routes.ts';
import { organizationMemberRoutes } from './organizations/member-routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { positionRoutes } from './positions/routes.ts';
import { relationRoutes } from './relations/routes.ts';
import { roleRoutes } from './roles/routes.ts';

/** Route plugins of organisations, positions, groups, relations, roles, menus, audit log, common statistics. */
export const identityRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [
  organizationRoutes,
  organizationMemberRoutes,
  positionRoutes,
  groupRoutes,
  relationRoutes,
  roleRoutes,
  menuAdminRoutes,
  auditRoutes,
  commonRoutes,
];
