import type { FastifyInstance } from 'fastify';
import type { ReceptionCenter } from './context.ts';
import { authorizeRoutes } from './oauth/authorize-routes.ts';
import { consentRoutes } from './oauth/consent-routes.ts';
import { discoveryRoutes } from './oauth/discovery-routes.ts';
import { logoutRoutes } from './oauth/logout-routes.ts';
import { tokenRoutes } from './oauth/token-routes.ts';
import { externalSignInRoutes } from './external/routes.ts';
import { memberRoutes } from './member/routes.ts';
import { qrcodeRoutes } from './qrcode/routes.ts';
import { signInRoutes } from './sign-in/routes.ts';
import { signInTotpRoutes } from './sign-in/totp-routes.ts';
import { smsSignInRoutes } from './sign-in/sms-routes.ts';

/** Every reception-center route, under its prefix. */
export async function receptionCenterRoutes(app: FastifyInstance, rc: ReceptionCenter): Promise<void> {
  for (const routes of [
    authorizeRoutes,
    consentRoutes,
    tokenRoutes,
    discoveryRoutes,
    logoutRoutes,
    signInRoutes,
    signInTotpRoutes,
    smsSignInRoutes,
    qrcodeRoutes,
    memberRoutes,
    externalSignInRoutes,
  ]) {
    await app.register(routes, rc);
  }
}
