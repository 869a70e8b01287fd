import type { FastifyPluginAsync } from 'fastify';
import type { ReceptionCenter } from './context.ts';
import { authorizeRoutes } from './oauth/authorize-routes.ts';
import { discoveryRoutes } from './oauth/discovery-routes.ts';
import { logoutRoutes } from './oauth/logout-routes.ts';
import { tokenRoutes } from './oauth/token-routes.ts';
import { memberRoutes } from './member/routes.ts';
import { qrcodeRoutes } from './qrcode/routes.ts';
import { signInRoutes } from './sign-in/routes.ts';
import { signInTotpRoutes } from './sign-in/totp-routes.ts';

/** reception-center: the OAuth 2 / OpenID Connect server, sign-in, captcha, QR sign-in, member/who. */
export const receptionCenter: FastifyPluginAsync<{ services: ReceptionCenter }> = async (app, { services }) => {
  for (const routes of [
    authorizeRoutes,
    tokenRoutes,
    discoveryRoutes,
    logoutRoutes,
    signInRoutes,
    signInTotpRoutes,
    qrcodeRoutes,
    memberRoutes,
  ]) {
    await app.register(routes, services);
  }
};
