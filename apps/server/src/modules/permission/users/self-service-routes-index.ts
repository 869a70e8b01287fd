import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionService } from '../context.ts';
import { externalIdentityRoutes } from './external-identities/routes.ts';
import { mfaRoutes } from './self-service/mfa-routes.ts';
import { openCheckRoutes } from './self-service/open-check-routes.ts';
import { passwordLostRoutes } from './self-service/password-lost-routes.ts';
import { profileRoutes } from './self-service/profile-routes.ts';
import { registrationRoutes } from './self-service/registration-routes.ts';
import { sessionRoutes } from './self-service/session-routes.ts';
import { totpRoutes } from './self-service/totp/routes.ts';

/** Route plugins of the caller's own account, open registration, invitations, password-lost, mfa_token changes, TOTP, sessions. */
export const userSelfServiceRoutes: FastifyPluginAsyncTypebox<PermissionService>[] = [
  profileRoutes,
  mfaRoutes,
  openCheckRoutes,
  registrationRoutes,
  passwordLostRoutes,
  totpRoutes,
  sessionRoutes,
  externalIdentityRoutes,
];
