import { oauthEndpoints as oauth, PORTAL_CLIENT_ID, systemNameOf } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { PREFIX, type ReceptionCenter } from '../context.ts';
import { sessionCookieOf } from '../sessions/cookie.ts';
import { findClient, isRegisteredRedirect } from './clients.ts';

const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone', 'offline_access'];

export async function authorizeRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  registerRoutes(app, [
    route(oauth.config, async () => {
      const systemConfig = rc.systemConfig();
      const [registration, base, auth] = await Promise.all([
        systemConfig.registrationSettings(),
        systemConfig.settings.base(),
        systemConfig.settings.auth(),
      ]);
      return {
        clientId: PORTAL_CLIENT_ID,
        redirectUri: `${rc.config.publicUrl}/auth`,
        authorizeUrl: `${PREFIX}/oauth/authorize`,
        tokenUrl: `${PREFIX}/oauth/token`,
        logoutUrl: `${PREFIX}/oauth/logout`,
        systemName: systemNameOf(base),
        // What the sign-in routes accept (the same switches as the public configuration's signInOptions).
        signInOptions: {
          password: auth.signInOptions.password,
          qrcode: auth.signInOptions.qr,
          mobile: auth.signInOptions.smsCode,
          registration: registration.enabled,
          registrationCaptcha: registration.enabled && registration.captchaRequired,
        },
      };
    }),
    route(oauth.authorize, async (request, reply) => {
      const q = request.query;
      const client = q.client_id ? await findClient(rc.db, q.client_id) : undefined;
      // Without a known client and an exactly registered redirect URI, nothing is redirected anywhere.
      if (!client) return reply.code(400).send({ code: 'invalid_client', message: 'Unknown client_id' });
      if (!q.redirect_uri || !isRegisteredRedirect(client, q.redirect_uri)) {
        return reply.code(400).send({ code: 'invalid_request', message: 'redirect_uri is not registered for this client' });
      }
      // A machine client has no redirect URIs, so this is a web client that dropped the code grant.
      if (!client.grantTypes.includes('authorization_code')) {
        return reply
          .code(400)
          .send({ code: 'unauthorized_client', message: 'This client is not registered for the authorization code grant' });
      }
      const back = (params: Record<string, string | undefined>) => {
        const url = new URL(q.redirect_uri ?? '');
        for (const [name, value] of Object.entries({ ...params, state: q.state, iss: rc.issuer })) {
          if (value !== undefined) url.searchParams.set(name, value);
        }
        return reply.redirect(url.toString(), 302);
      };
      const fail = (error: string, description: string) => back({ error, error_description: description });
      if (q.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
      if (!q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
        return fail('invalid_request', 'A code_challenge (PKCE) is required');
      }
      if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
      const scopes = (q.scope ?? 'openid profile').split(' ').filter(Boolean);
      if (scopes.some((scope) => !SUPPORTED_SCOPES.includes(scope))) return fail('invalid_scope', 'Unsupported scope');

      const session = await rc.sessions.findActive(sessionCookieOf(request));
      const user = session ? await rc.directory.byId(session.userId) : undefined;
      if (!session || !user?.actived || q.prompt === 'login') {
        if (q.prompt === 'none') return fail('login_required', 'The user is not signed in');
        const url = new URL(request.url, rc.config.publicUrl);
        url.searchParams.delete('prompt');
        return reply.redirect(`/login?return_to=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
      const code = await rc.grants.createCode({
        clientId: client.id,
        userId: session.userId,
        sessionId: session.id,
        redirectUri: q.redirect_uri,
        codeChallenge: q.code_challenge,
        scope: scopes.join(' '),
        nonce: q.nonce,
      });
      return back({ code });
    }),
  ]);
}
