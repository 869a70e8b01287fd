import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { refreshChains } from '../../../platform/db/schema.ts';
import type { ReceptionCenter } from '../context.ts';
import { clearSessionCookie, sessionCookieOf } from '../sessions/cookie.ts';
import { clearCookie, readCookie } from '../../../platform/cookies.ts';

const optional = Type.Optional(Type.String({ maxLength: 2048 }));

export const logoutRoutes: FastifyPluginAsyncTypebox<ReceptionCenter> = async (app, rc) => {
  /** Where to send the browser: our own origin, or a client's registered post-logout URI. */
  async function destination(requested: string | undefined): Promise<string> {
    if (!requested) return '/login';
    if (requested.startsWith('/') && !requested.startsWith('//')) return requested;
    try {
      if (new URL(requested).origin === new URL(rc.config.publicUrl).origin) return requested;
    } catch {
      return '/login';
    }
    const clients = await rc.db.query.oauthClients.findMany();
    return clients.some((client) => client.postLogoutRedirectUris.includes(requested)) ? requested : '/login';
  }

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
          id_token_hint: optional,
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
      const target = await destination(request.query.post_logout_redirect_uri ?? request.query.redirect_uri);
      const url = new URL(target, rc.config.publicUrl);
      if (request.query.state && request.query.post_logout_redirect_uri) url.searchParams.set('state', request.query.state);
      return reply.redirect(target.startsWith('/') ? url.pathname + url.search : url.toString(), 302);
    },
  );
};
