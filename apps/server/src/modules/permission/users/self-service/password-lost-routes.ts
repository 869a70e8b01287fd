import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  Ok,
  PasswordLostPrepareBody,
  PasswordLostResetBody,
  PasswordLostSent,
  PasswordLostValidationBody,
  ResetToken,
} from '@portal/contracts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { prepareReset, resetPassword, validateResetCode } from './password-lost.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';

/** Per address, beyond the per-account limits of the codes themselves. */
export const PASSWORD_LOST_LIMITS = { prepare: { burst: 10, refillSeconds: 30 }, validation: { burst: 10, refillSeconds: 10 } };

const open = { access: 'open' as const };
const errors = { 400: ErrorBody, 429: ErrorBody };

/** Password recovery by a code sent by email: prepare → validation (reset token) → new password. */
export const passwordLostRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const takePrepare = createRateLimiter(PASSWORD_LOST_LIMITS.prepare, 'recovery codes');
  const takeValidation = createRateLimiter(PASSWORD_LOST_LIMITS.validation, 'code attempts');
  const revokeFamilies = (familyIds: string[]) => ps.signIn.revokeFamilies(familyIds);

  app.post(
    '/users/password/lost/prepare',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'Emails a six-digit recovery code; the answer is the same whether or not the account exists',
        body: PasswordLostPrepareBody,
        response: { 200: PasswordLostSent, ...errors },
      },
    },
    async (request) => {
      if (!ps.mailer) {
        throw new AppError('NOT_CONFIGURED', 'Password recovery by email is not configured: no mail server (SMTP_URL) is set up');
      }
      takePrepare(request.ip);
      // The mail is queued with the code and sent by a job: a failing mail server is retried there.
      await prepareReset(ps.db, auditActorOf(request), request.body.account);
      return { sent: true as const };
    },
  );

  app.post(
    '/users/password/lost/validation',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'Exchanges the emailed code for a reset token (five attempts per code, ten minutes)',
        body: PasswordLostValidationBody,
        response: { 200: ResetToken, ...errors },
      },
    },
    async (request) => {
      takeValidation(request.ip);
      return validateResetCode(ps.db, auditActorOf(request), request.body);
    },
  );

  app.patch(
    '/users/password/lost',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'Sets a new password with a reset token (once); ends every session and clears the lockout',
        body: PasswordLostResetBody,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { userId, familyIds } = await resetPassword(ps.signIn, ps.db, auditActorOf(request), {
        resetToken: request.body.reset_token,
        password: request.body.password,
      });
      await revokeFamilies(familyIds);
      await ps.directory.changed(userId);
      return { ok: true as const };
    },
  );
};
