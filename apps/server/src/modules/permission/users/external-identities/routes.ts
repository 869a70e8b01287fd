import { ownProfileEndpoints, thirdBindingEndpoints as third } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { callerOf } from '../admin/deps.ts';
import { bindingsOf, bindingsOfUser, linkForUser, unlinkForUser, unlinkOwn, type BindingDeps } from './bindings.ts';

const ok = { ok: true as const };

/** Accounts at external identity providers: the caller's own, and any user's for an administrator within reach. */
export async function externalIdentityRoutes(app: FastifyInstance, ps: PermissionService) {
  const deps: BindingDeps = {
    db: ps.db,
    totp: ps.totp,
    providerNames: () => ps.settings.identityProviders.names(),
  };

  registerRoutes(app, [
    route(ownProfileEndpoints.thirdPartyBindings, async (request) => bindingsOf(deps, principalOf(request).userId)),
    route(third.ofUser, async (request) => bindingsOfUser(deps, request.params.id)),
    route(third.unlinkOwn, async (request) => {
      const { userId } = principalOf(request);
      await unlinkOwn(deps, auditActorOf(request), { userId, providerId: request.params.type, mfaToken: request.query.mfa_token });
      return ok;
    }),
    route(third.link, async (request) => {
      const { userId, openId } = request.params;
      const { type, email, nickname } = request.body;
      return linkForUser(deps, callerOf(request), userId, {
        providerId: type,
        subject: openId,
        email: email ?? null,
        nickname: nickname ?? null,
      });
    }),
    route(third.unlink, async (request) => {
      const { userId, openId } = request.params;
      await unlinkForUser(deps, callerOf(request), userId, { subject: openId, providerId: request.query.type });
      return ok;
    }),
  ]);
}
