import { passwordLostEndpoints as lost } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { prepareReset, resetPassword, validateResetCode } from './password-lost.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';

/** Per address, beyond the per-account limits of the codes themselves. */
export const PASSWORD_LOST_LIMITS = { prepare: { burst: 10, refillSeconds: 30 }, validation: { burst: 10, refillSeconds: 10 } };

/** Password recovery by a code sent by email: prepare → validation (reset token) → new password. */
export async function passwordLostRoutes(app: FastifyInstance, ps: PermissionService) {
  const takePrepare = createRateLimiter(PASSWORD_LOST_LIMITS.prepare, 'recovery codes');
  const takeValidation = createRateLimiter(PASSWORD_LOST_LIMITS.validation, 'code attempts');
  const revokeFamilies = (familyIds: string[]) => ps.signIn.revokeFamilies(familyIds);

  registerRoutes(app, [
    route(lost.prepare, async (request) => {
      if (!ps.mailer) {
        throw new AppError('NOT_CONFIGURED', 'Password recovery by email is not configured: no mail server (SMTP_URL) is set up');
      }
      takePrepare(request.ip);
      // The mail is queued with the code and sent by a job: a failing mail server is retried there.
      await prepareReset(ps.db, auditActorOf(request), request.body.account);
      return { sent: true as const };
    }),
    route(lost.validation, async (request) => {
      takeValidation(request.ip);
      return validateResetCode(ps.db, auditActorOf(request), request.body);
    }),
    route(lost.reset, async (request) => {
      const { familyIds } = await resetPassword(ps, auditActorOf(request), {
        resetToken: request.body.reset_token,
        password: request.body.password,
      });
      await revokeFamilies(familyIds);
      return { ok: true as const };
    }),
  ]);
}
