import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { refreshChains } from '../tables.ts';
import type { ReceptionCenter } from '../context.ts';
import { clearSessionCookie, sessionCookieOf } from '../sessions/cookie.ts';
import { clearCookie, readCookie } from '../../../platform/cookies.ts';
import { logoutDestination } from './logout-destination.ts';

const optional = Type.Optional(Type.String({ maxLength: 2048 }));
// An ID token carries the user's profile claims: longer than an address.
const idToken = Type.Optional(Type.String({ maxLength: 8192 }));

export const logoutRoutes: FastifyPluginAsyncTypebox<ReceptionCenter> = async (app, rc) => {
  app.get(
    '/oauth/logout',
    {
      config: { access: 'open' },
      schema: {
        tags: ['oauth'],
        summary: 'Ends the sign-in session, revokes its tokens, then redirects',
        querystring: Type.Object({
          redirect_uri: optional,
          post_logout_redirect_uri: optional,
          state: optional,
          id_token_hint: idToken,
          client_id: optional,
        }),
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
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
    },
  );
};
