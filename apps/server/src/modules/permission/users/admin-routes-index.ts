import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from '../context.ts';
import { userExcelRoutes } from './admin/excel/routes.ts';
import { userRecordRoutes } from './admin/routes.ts';
import { userStateRoutes } from './admin/state-routes.ts';

/** Route plugins of user administration and the Excel import/export. */
export const userAdminRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [userRecordRoutes, userStateRoutes, userExcelRoutes];
