import { signInEndpoints as signIn } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import { createRateLimiter } from '../../../platform/rate-limit.ts';
import type { UserRow } from '../../permission/index.ts';
import type { ReceptionCenter } from '../context.ts';
import { finishSignIn } from './complete.ts';
import { deviceCookieOf } from './device-cookie.ts';
import { assertSignInOption } from './options.ts';
import { lockedError } from './service.ts';
import { expiredTicket, ticketHolder, wrongCodeOn } from './ticket-holder.ts';

/**
 * The second step of a password sign-in: the code of the account's authenticator app, or, when the
 * safe settings require an app the account does not have, setting one up (a secret, then a code).
 */
export async function signInTotpRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  // Per address, in front of the per-account failure counting below: slows code guessing from one place.
  const takeAttempt = createRateLimiter({ burst: 10, refillSeconds: 6 }, 'authentication code attempts');

  /** The ticket's user, while password sign-in is on and the account is not locked; answers the browser's device. */
  async function holderOf(request: FastifyRequest, presented: string) {
    takeAttempt(request.ip);
    await assertSignInOption(rc, 'password');
    const holder = await ticketHolder(rc, presented);
    const device = rc.devices.deviceFor(deviceCookieOf(request), holder.user.username);
    const { lockedForSeconds } = await rc.failures.state(holder.user.username, request.ip, device);
    if (lockedForSeconds > 0) throw lockedError(lockedForSeconds);
    return { ...holder, device };
  }

  const actorOf = (request: FastifyRequest, user: UserRow) => ({ actorId: user.id, ip: request.ip, requestId: String(request.id) });

  registerRoutes(app, [
    route(signIn.totp, async (request, reply) => {
      const { ticket, user, device } = await holderOf(request, request.body.ticket);
      if (!(await rc.totp.verify(user.id, request.body.code))) {
        await rc.failures.recordFailure(user.username, request.ip, device);
        throw await wrongCodeOn(rc, ticket);
      }
      // Only one request completes a ticket, even if two arrive with valid codes at once.
      if (!(await rc.tickets.consume(ticket.ticketHash))) throw expiredTicket();
      await rc.failures.recordSuccess(user.username, request.ip, device);
      return finishSignIn(rc, { request, reply }, { user, remember: ticket.remember, returnTo: request.query.return_to });
    }),
    route(signIn.enrolTotp, async (request) => {
      const { user } = await holderOf(request, request.body.ticket);
      // Only for the sign-in the settings stopped for want of an app: an account with one gives its code instead.
      if (!(await rc.permission.mfaRequiredFor(user.id))) throw expiredTicket();
      return rc.totp.startRequiredEnrolment(actorOf(request, user), { userId: user.id, account: user.username });
    }),
    route(signIn.confirmTotpEnrolment, async (request, reply) => {
      const { ticket, user } = await holderOf(request, request.body.ticket);
      try {
        await rc.totp.confirm(actorOf(request, user), { userId: user.id, code: request.body.code });
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOTP_INVALID') throw await wrongCodeOn(rc, ticket);
        throw error;
      }
      if (!(await rc.tickets.consume(ticket.ticketHash))) throw expiredTicket();
      return finishSignIn(rc, { request, reply }, { user, remember: ticket.remember, returnTo: request.query.return_to });
    }),
  ]);
}
