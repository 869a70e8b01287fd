import { consentEndpoints, type OAuthScope } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf, recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { sessionCookieOf } from '../sessions/cookie.ts';
import { authorizingClient } from './authorize-routes.ts';
import { clientRedirect } from './client-redirect.ts';
import { isRegisteredRedirect } from './clients.ts';
import { consentTickets } from './consent-tickets.ts';
import { consents } from './consents.ts';
import { codeRedirect } from './issue-code.ts';

const ticketRefused = () =>
  badRequest('This consent request is unknown, expired or already answered: start signing in to the application again');

/**
 * The consent page's answer must come from the portal's own page: the browser says where a request
 * comes from (Origin, and Sec-Fetch-Site where it sends it), and another site's page cannot set them.
 * The session cookie is SameSite=Lax besides, and the ticket is bound to the session.
 */
function assertFromPortalPage(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (request.headers.origin !== new URL(publicUrl).origin || (site !== undefined && site !== 'same-origin')) {
    throw new AppError('FORBIDDEN', "A consent is answered from the portal's own consent page only");
  }
}

/** Issue 28: the consent page's request and answer, and the personal centre's list and revocation of consents. */
export async function consentRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  /** The signed-in user of the session cookie, as authorize finds them. */
  async function sessionOf(request: FastifyRequest) {
    const session = await rc.sessions.findActive(sessionCookieOf(request));
    const user = session ? await rc.directory.byId(session.userId) : undefined;
    if (!session || !user?.actived) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    return { session, user };
  }

  /** The client and application a waiting request names, still as authorize accepted them (a disabled application's is not found). */
  async function stillAuthorizable(pending: { clientId: string; redirectUri: string }) {
    const client = await authorizingClient(rc, pending.clientId);
    if (!client?.applicationId || !isRegisteredRedirect(client, pending.redirectUri)) throw ticketRefused();
    const [application] = await rc.permission.consentFacts([client.applicationId]);
    if (!application) throw ticketRefused();
    return { client, application };
  }

  const audit =
    (actor: AuditActor, action: string, userId: string, after: Record<string, unknown>) => (tx: Parameters<typeof recordAudit>[0]) =>
      recordAudit(tx, actor, { action, targetType: 'user', targetId: userId, after });

  registerRoutes(app, [
    route(consentEndpoints.request, async (request) => {
      const { session, user } = await sessionOf(request);
      const pending = await consentTickets.read(rc.db, session.id, request.query.ticket);
      if (!pending) throw ticketRefused();
      const { client, application } = await stillAuthorizable(pending);
      return {
        clientId: client.id,
        clientName: client.name,
        applicationName: application.name,
        scopes: pending.scope.split(' ') as OAuthScope[],
        account: { username: user.username, name: user.name },
      };
    }),

    route(consentEndpoints.answer, async (request) => {
      assertFromPortalPage(request, rc.config.publicUrl);
      const { session } = await sessionOf(request);
      const pending = await consentTickets.spend(rc.db, session.id, request.body.ticket);
      if (!pending) throw ticketRefused();
      await stillAuthorizable(pending);
      // RFC 6749 §4.1.2.1: the resource owner denied the request.
      if (!request.body.allow) {
        const denied = { error: 'access_denied', error_description: 'The user denied the request' };
        return { redirectTo: clientRedirect(pending.redirectUri, denied, { state: pending.state, issuer: rc.issuer }) };
      }
      const actor = { ...auditActorOf(request), actorId: session.userId };
      const granted = { userId: session.userId, clientId: pending.clientId, scopes: pending.scope.split(' ') };
      await transaction(rc.db, async (tx) => {
        await consents.remember(tx, granted);
        await audit(actor, 'oauth.consents.grant', session.userId, { clientId: granted.clientId, scopes: granted.scopes })(tx);
      });
      return { redirectTo: await codeRedirect(rc, pending, session) };
    }),

    route(consentEndpoints.list, async (request) => consents.listOwn(rc.db, rc.permission, principalOf(request).userId)),

    route(consentEndpoints.revoke, async (request) => {
      const { userId } = principalOf(request);
      const { clientId } = request.params;
      const ended = await transaction(rc.db, async (tx) => {
        const familyIds = await consents.revoke(tx, { userId, clientId });
        if (!familyIds) throw notFound('A consent to this client');
        await audit(auditActorOf(request), 'oauth.consents.revoke', userId, { clientId, refreshChainsEnded: familyIds.length })(tx);
        return familyIds;
      });
      await rc.accessTokens.revokeFamilies(ended);
      return { ok: true as const };
    }),
  ]);
}
