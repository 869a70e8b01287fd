import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from '../context.ts';

/** Route plugins of the caller's own account, open registration, invitations, password-lost, mfa_token changes. */
export const userSelfServiceRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [];
