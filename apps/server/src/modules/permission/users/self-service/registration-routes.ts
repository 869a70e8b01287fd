import { registrationEndpoints as registration } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { confirmInvite, inviteState } from './invites.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';
import { registerAccount } from './registration.ts';

/** Account creation costs a password hash: a burst of 5 per address, then one a minute. */
export const ACCOUNT_CREATION_LIMIT = { burst: 5, refillSeconds: 60 };

/** Open self-registration (when switched on) and joining by invitation. */
export async function registrationRoutes(app: FastifyInstance, ps: PermissionService) {
  const take = createRateLimiter(ACCOUNT_CREATION_LIMIT, 'new accounts');

  registerRoutes(app, [
    route(registration.register, async (request, reply) => {
      take(request.ip);
      const { enabled, captchaRequired } = await ps.settings.registrationSettings();
      if (!enabled) {
        throw new AppError('FORBIDDEN', 'Self-registration is switched off: ask an administrator for an account or an invitation');
      }
      // The captcha comes before any uniqueness answer, so registration cannot be used to enumerate accounts.
      if (captchaRequired) {
        const { behaviorToken } = request.body;
        if (!behaviorToken) throw new AppError('CAPTCHA_REQUIRED', 'Solve the captcha first', { captchaRequired: true });
        if (!(await ps.signIn.captchas.redeemBehaviorToken(behaviorToken))) {
          throw new AppError('CAPTCHA_INVALID', 'The captcha answer is wrong or has expired', { captchaRequired: true });
        }
      }
      const account = await registerAccount(ps, auditActorOf(request), request.body);
      return reply.code(201).send(account);
    }),
    route(registration.inviteState, async (request) => inviteState(ps.db, request.query.token)),
    route(registration.confirmInvite, async (request, reply) => {
      take(request.ip);
      const account = await confirmInvite(ps, auditActorOf(request), request.body);
      return reply.code(201).send(account);
    }),
  ]);
}
