import { totpEndpoints as ownTotp } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../../platform/access.ts';
import { auditActorOf } from '../../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../../platform/endpoints.ts';
import type { PermissionService } from '../../../context.ts';
import { loadUser } from '../account-changes.ts';

/**
 * The caller's authenticator app (TOTP second factor): status, set-up in two steps (a secret, then
 * a code proving the app has it) and removal. Set-up and removal need an mfa_token of purpose 'totp'.
 */
export async function totpRoutes(app: FastifyInstance, ps: PermissionService) {
  const { totp } = ps;

  registerRoutes(app, [
    route(ownTotp.status, async (request) => totp.status(principalOf(request).userId)),
    route(ownTotp.startEnrolment, async (request) => {
      const { userId } = principalOf(request);
      const user = await loadUser(ps.db, userId);
      return totp.startEnrolment(auditActorOf(request), { userId, account: user.username, mfaToken: request.query.mfa_token });
    }),
    route(ownTotp.confirm, async (request) =>
      totp.confirm(auditActorOf(request), { userId: principalOf(request).userId, code: request.body.code }),
    ),
    route(ownTotp.remove, async (request) => {
      await totp.remove(auditActorOf(request), { userId: principalOf(request).userId, mfaToken: request.query.mfa_token });
      return { ok: true as const };
    }),
  ]);
}
