import { OAUTH_SCOPES, oauthEndpoints as oauth, PORTAL_CLIENT_ID, systemNameOf } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { PREFIX, type ReceptionCenter } from '../context.ts';
import { sessionCookieOf } from '../sessions/cookie.ts';
import { isRegisteredRedirect, type OAuthClient } from './clients.ts';
import { clientRedirect } from './client-redirect.ts';
import { consentTickets } from './consent-tickets.ts';
import { consents } from './consents.ts';
import { codeRedirect } from './issue-code.ts';

const SUPPORTED_SCOPES: readonly string[] = OAUTH_SCOPES;

/**
 * The client an authorization request (or its answer on the consent page) names: one look-up for both,
 * the registry's, which does not find a disabled application's client (RFC 6749 §4.1.2.1: an invalid
 * client is told to the user, never redirected to).
 */
export const authorizingClient = (rc: ReceptionCenter, clientId: string): Promise<OAuthClient | undefined> => rc.clients.find(clientId);

/** The consent page of the web app, given only the ticket of the request waiting there. */
export const CONSENT_PAGE = '/consent';

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
      const client = q.client_id ? await authorizingClient(rc, q.client_id) : undefined;
      // Without a known client and an exactly registered redirect URI, nothing is redirected anywhere.
      if (!client) return reply.code(400).send({ code: 'invalid_client', message: 'Unknown client_id, or its application is disabled' });
      if (!q.redirect_uri || !isRegisteredRedirect(client, q.redirect_uri)) {
        return reply.code(400).send({ code: 'invalid_request', message: 'redirect_uri is not registered for this client' });
      }
      // A machine client has no redirect URIs, so this is a web client that dropped the code grant.
      if (!client.grantTypes.includes('authorization_code')) {
        return reply
          .code(400)
          .send({ code: 'unauthorized_client', message: 'This client is not registered for the authorization code grant' });
      }
      const redirectUri = q.redirect_uri;
      const back = (params: Record<string, string | undefined>) =>
        reply.redirect(clientRedirect(redirectUri, params, { state: q.state, issuer: rc.issuer }), 302);
      const fail = (error: string, description: string) => back({ error, error_description: description });
      if (q.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
      if (!q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
        return fail('invalid_request', 'A code_challenge (PKCE) is required');
      }
      if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
      const scopes = (q.scope ?? 'openid profile').split(' ').filter(Boolean);
      if (scopes.some((scope) => !SUPPORTED_SCOPES.includes(scope))) return fail('invalid_scope', 'Unsupported scope');

      // OpenID Connect's prompt is a space-separated list (none, login, consent).
      const prompts = new Set((q.prompt ?? '').split(' ').filter(Boolean));

      const session = await rc.sessions.findActive(sessionCookieOf(request));
      const user = session ? await rc.directory.byId(session.userId) : undefined;
      if (!session || !user?.actived || prompts.has('login')) {
        if (prompts.has('none')) return fail('login_required', 'The user is not signed in');
        // Back from the login page, the request goes on without asking to sign in again.
        const url = new URL(request.url, rc.config.publicUrl);
        prompts.delete('login');
        if (prompts.size > 0) url.searchParams.set('prompt', [...prompts].join(' '));
        else url.searchParams.delete('prompt');
        return reply.redirect(`/login?return_to=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
      const pending = {
        clientId: client.id,
        redirectUri,
        codeChallenge: q.code_challenge,
        scope: scopes.join(' '),
        state: q.state ?? null,
        nonce: q.nonce ?? null,
      };
      const ask = await consents.needed(rc.db, rc.permission, { client, userId: session.userId, scopes, always: prompts.has('consent') });
      if (ask) {
        if (prompts.has('none')) return fail('consent_required', 'The user has not consented to this client');
        const ticket = await consentTickets.issue(rc.db, session.id, pending);
        return reply.redirect(`${CONSENT_PAGE}?ticket=${ticket}`, 302);
      }
      return reply.redirect(await codeRedirect(rc, pending, session), 302);
    }),
  ]);
}
