import { mfaEndpoints as mfa } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../../platform/access.ts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { changeOwnContact, changeOwnPassword, loadUser } from './account-changes.ts';
import { issueMfaToken, verifyMfaProof } from './mfa-tokens.ts';
import { wrongCode } from './totp/authenticators.ts';

/** Re-authentication (mfa_token) and the changes that need it: email, phone, password. */
export async function mfaRoutes(app: FastifyInstance, ps: PermissionService) {
  // Wrong passwords here count with sign-in failures, so a stolen session cannot guess the password freely.
  const { totp } = ps;
  const failures = () => ps.signIn.failures;
  const revokeFamilies = (familyIds: string[]) => ps.signIn.revokeFamilies(familyIds);

  registerRoutes(app, [
    route(mfa.issue, async (request) => {
      const { userId } = principalOf(request);
      const user = await loadUser(ps.db, userId);
      if (!user.actived) throw new AppError('FORBIDDEN', 'The account is disabled');
      const { lockedForSeconds } = await failures().state(user.username, request.ip);
      if (lockedForSeconds > 0) throw ps.signIn.lockedError(lockedForSeconds, 'wrong passwords');
      const { method = 'password', password, code } = request.body;
      const proofField = method === 'totp' ? 'code' : 'password';
      if ((method === 'totp' ? code : password) === undefined) {
        throw new AppError('VALIDATION_FAILED', `body.${proofField} is required for method ${method}`, { field: `body.${proofField}` });
      }
      if (!(await verifyMfaProof(method, user, { password, code }, { totp }))) {
        await failures().recordFailure(user.username, request.ip);
        if (method === 'totp') throw wrongCode();
        throw new AppError('INVALID_CREDENTIALS', 'The password is incorrect', { field: 'password' });
      }
      await failures().clearAccount(user.username);
      return issueMfaToken(ps.db, auditActorOf(request), { userId, purpose: request.body.purpose });
    }),
    route(mfa.changeEmail, async (request) => {
      const { userId } = principalOf(request);
      await changeOwnContact(ps.db, auditActorOf(request), 'email', {
        userId,
        mfaToken: request.query.mfa_token,
        value: request.body.email,
      });
      return { ok: true as const };
    }),
    route(mfa.changePhone, async (request) => {
      const { userId } = principalOf(request);
      await changeOwnContact(ps.db, auditActorOf(request), 'phone', {
        userId,
        mfaToken: request.query.mfa_token,
        value: request.body.phone,
      });
      return { ok: true as const };
    }),
    route(mfa.changePassword, async (request) => {
      const { userId, sessionId } = principalOf(request);
      const familyIds = await changeOwnPassword(
        { sessions: ps.signIn.sessions, db: ps.db, passwords: ps.passwords },
        auditActorOf(request),
        {
          userId,
          sessionId,
          mfaToken: request.query.mfa_token,
          password: request.body.password,
        },
      );
      await revokeFamilies(familyIds);
      return { ok: true as const };
    }),
  ]);
}
