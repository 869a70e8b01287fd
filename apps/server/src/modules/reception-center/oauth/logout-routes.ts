import { oauthEndpoints as oauth, REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refreshChains } from '../tables.ts';
import type { ReceptionCenter } from '../context.ts';
import { clearSessionCookie, sessionCookieOf } from '../sessions/cookie.ts';
import { clearCookie, readCookie } from '../../../platform/cookies.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { logoutDestination } from './logout-destination.ts';

export async function logoutRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(oauth.logout, async (request, reply) => {
      const session = await rc.sessions.findActive(sessionCookieOf(request));
      let sessionId = session?.id;
      const refreshCookie = readCookie(request, REFRESH_TOKEN_COOKIE);
      const chain = !sessionId && refreshCookie ? rc.refreshTokens.parse(refreshCookie) : undefined;
      if (chain) {
        const [row] = await rc.db.select().from(refreshChains).where(eq(refreshChains.familyId, chain.familyId));
        sessionId = row?.sessionId;
      }
      if (sessionId) await rc.sessions.revoke(sessionId);
      clearSessionCookie(reply, rc.config.publicUrl);
      clearCookie(reply, TOKEN_COOKIE, { path: '/' });
      clearCookie(reply, REFRESH_TOKEN_COOKIE, { path: '/' });
      return reply.redirect(await logoutDestination(rc, request.query), 302);
    }),
  ]);
}
