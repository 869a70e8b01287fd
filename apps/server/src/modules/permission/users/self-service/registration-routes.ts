import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatedAccount,
  ErrorBody,
  InviteConfirmBody,
  InviteState,
  InviteStateQuery,
  REGISTRATION_SETTINGS,
  RegistrationBody,
} from '@portal/contracts';
import { auditActorOf } from '../../../../platform/audit.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { confirmInvite, inviteState } from './invites.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';
import { registerAccount } from './registration.ts';

/** Account creation costs a password hash: a burst of 5 per address, then one a minute. */
export const ACCOUNT_CREATION_LIMIT = { burst: 5, refillSeconds: 60 };

const open = { access: 'open' as const };
const errors = { 400: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/** Open self-registration (when switched on) and joining by invitation. */
export const registrationRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const take = createRateLimiter(ACCOUNT_CREATION_LIMIT, 'new accounts');

  app.post(
    '/users/open/registered',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'Creates an account for oneself, when self-registration is switched on',
        description: `Needs the setting \`${REGISTRATION_SETTINGS.enabled}\`; with \`${REGISTRATION_SETTINGS.captchaRequired}\` also a behaviour token.`,
        body: RegistrationBody,
        response: { 201: CreatedAccount, ...errors, 403: ErrorBody },
      },
    },
    async (request, reply) => {
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
      const account = await registerAccount(ps.db, auditActorOf(request), request.body);
      return reply.code(201).send(account);
    },
  );

  app.get(
    '/users/open/invite/state',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'What an invitation is for and whether it can still be used',
        querystring: InviteStateQuery,
        response: { 200: InviteState, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => inviteState(ps.db, request.query.token),
  );

  app.post(
    '/users/open/invite/confirm',
    {
      config: open,
      schema: {
        tags: ['users'],
        summary: 'Accepts an invitation: creates the account in the inviting organisation',
        body: InviteConfirmBody,
        response: { 201: CreatedAccount, ...errors },
      },
    },
    async (request, reply) => {
      take(request.ip);
      const account = await confirmInvite(ps.db, auditActorOf(request), request.body);
      return reply.code(201).send(account);
    },
  );
};
