import { externalSignInEndpoints as external, type BoundAccountFailure } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { createRateLimiter } from '../../../platform/rate-limit.ts';
import type { ProviderForSignIn } from '../../system-config/index.ts';
import { PREFIX, type ReceptionCenter } from '../context.ts';
import { safeReturnTo, sessionCookieOf } from '../sessions/cookie.ts';
import { createBindTickets } from './bind-tickets.ts';
import { boundResult, loginToBind, loginWithError } from './destinations.ts';
import { setFlowCookie, startedHere } from './flow-cookie.ts';
import { createFlows, type Flow } from './flows.ts';
import { identityAt, outcomeFor } from './identity-outcome.ts';
import { linkAsOwner } from './link-as-owner.ts';
import { createRelyingParty, type VouchedIdentity } from './relying-party.ts';
import { signInAs } from './sign-in-as.ts';

/** Signing in and linking accounts through the external identity providers of the `third` settings. */
export async function externalSignInRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  const callbackUrl = `${rc.config.publicUrl}${PREFIX}/oauth/third/callback`;
  const relyingParty = createRelyingParty({ callbackUrl, reach: { allowHttp: rc.config.idpAllowHttp, outbound: rc.outbound } });
  const flows = createFlows(rc.db);
  const bindTickets = createBindTickets(rc.db, rc.config.publicUrl);
  // Each start stores a flow: bounded per address.
  const takeStart = createRateLimiter({ burst: 20, refillSeconds: 3 }, 'external sign-in starts');
  const providers = () => rc.systemConfig().identityProviders;

  async function enabledProvider(id: string): Promise<ProviderForSignIn> {
    const provider = await providers().forSignIn(id);
    if (!provider?.enabled) throw notFound(`The identity provider ${id}`);
    return provider;
  }

  /** A link flow's end, on the bind result page. */
  async function finishLink(reply: FastifyReply, request: FastifyRequest, flow: Flow, vouched: VouchedIdentity) {
    const failure = (reason: BoundAccountFailure) => reply.redirect(boundResult(flow.providerId, { failure: reason }), 302);
    const user = flow.userId ? await rc.directory.byIdNow(flow.userId) : undefined;
    if (!user?.actived) return failure('access_denied');
    const linked = await linkAsOwner(
      rc.permission.externalIdentities,
      auditActorOf(request),
      user.id,
      identityAt(flow.providerId, vouched),
    );
    return linked ? reply.redirect(boundResult(flow.providerId, {}), 302) : failure('already_bound');
  }

  /** A sign-in flow's end: signed in, on to the code step, or to the password once to link. */
  async function finishSignInFlow(
    reply: FastifyReply,
    request: FastifyRequest,
    exchange: { flow: Flow; provider: ProviderForSignIn; vouched: VouchedIdentity },
  ) {
    const { flow, provider, vouched } = exchange;
    const outcome = await outcomeFor(
      { permission: rc.permission, systemConfig: rc.systemConfig() },
      auditActorOf(request),
      provider,
      vouched,
    );
    if (outcome.kind === 'refused') return reply.redirect(loginWithError('already_bound', flow.returnTo), 302);
    if (outcome.kind === 'user') return signInAs(rc, { request, reply }, { user: outcome.user, returnTo: flow.returnTo });
    await bindTickets.issue(reply, outcome.identity);
    return reply.redirect(loginToBind(flow.providerId, flow.returnTo), 302);
  }

  registerRoutes(app, [
    route(external.start, async (request, reply) => {
      takeStart(request.ip);
      const provider = await enabledProvider(request.params.id);
      const returnTo = safeReturnTo(request.query.return_to);
      const flow = await flows.start({ providerId: provider.id, purpose: 'sign-in', returnTo });
      setFlowCookie(reply, rc.config.publicUrl, flow.state);
      return reply.redirect(await relyingParty.authorizationUrl(provider, flow), 302);
    }),
    route(external.link, async (request, reply) => {
      const { userId } = principalOf(request);
      const provider = await enabledProvider(request.params.id);
      const flow = await flows.start({ providerId: provider.id, purpose: 'link', userId });
      setFlowCookie(reply, rc.config.publicUrl, flow.state);
      return { url: await relyingParty.authorizationUrl(provider, flow) };
    }),
    route(external.callback, async (request, reply) => {
      const { state } = request.query;
      const flow = state ? await flows.spend(state) : undefined;
      if (!flow || !state) return reply.redirect(loginWithError('expired', undefined), 302);
      // Spent all the same: a state offered by another browser is not tried again.
      if (!startedHere(request, reply, rc.config.publicUrl, state)) {
        return reply.redirect(
          flow.purpose === 'link' ? boundResult(flow.providerId, { failure: 'expired' }) : loginWithError('expired', flow.returnTo),
          302,
        );
      }
      const denied = () =>
        flow.purpose === 'link'
          ? reply.redirect(boundResult(flow.providerId, { failure: 'access_denied' }), 302)
          : reply.redirect(loginWithError(request.query.error ? 'denied' : 'failed', flow.returnTo), 302);
      const provider = await providers().forSignIn(flow.providerId);
      if (!provider?.enabled || request.query.error) return denied();
      let vouched: VouchedIdentity;
      try {
        vouched = await relyingParty.identify(provider, flow, state, new URL(request.url, rc.config.publicUrl));
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'external sign-in: the provider’s answer was refused');
        return denied();
      }
      return flow.purpose === 'link'
        ? finishLink(reply, request, flow, vouched)
        : finishSignInFlow(reply, request, { flow, provider, vouched });
    }),
    route(external.bind, async (request, reply) => {
      const ticket = await bindTickets.spend(request, reply);
      const returnTo = request.query.return_to;
      if (!ticket) return reply.redirect(boundResult(undefined, { failure: 'expired', returnTo }), 302);
      const failure = (reason: BoundAccountFailure) => reply.redirect(boundResult(ticket.providerId, { failure: reason, returnTo }), 302);
      // Only a session started after the ticket: the password was entered for this binding, in this browser.
      const session = await rc.sessions.findActive(sessionCookieOf(request));
      if (!session || session.createdAt < ticket.createdAt) return failure('expired');
      const user = await rc.directory.byIdNow(session.userId);
      if (!user?.actived) return failure('access_denied');
      const { providerId, subject, email, nickname } = ticket;
      const identity = { providerId, subject, email, nickname };
      const linked = await linkAsOwner(rc.permission.externalIdentities, auditActorOf(request), user.id, identity);
      return linked ? reply.redirect(boundResult(providerId, { returnTo }), 302) : failure('already_bound');
    }),
  ]);
}
