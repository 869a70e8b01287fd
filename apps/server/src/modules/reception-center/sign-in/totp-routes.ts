import { signInEndpoints as signIn } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import { createRateLimiter } from '../../../platform/rate-limit.ts';
import type { ReceptionCenter } from '../context.ts';
import { finishSignIn } from './complete.ts';
import { deviceCookieOf } from './device-cookie.ts';
import { lockedError } from './service.ts';

const expiredTicket = () =>
  new AppError('TOTP_INVALID', 'The sign-in has expired: enter your username and password again', { field: 'ticket', restart: true });

/** The second step of a password sign-in for accounts with an authenticator app. */
export async function signInTotpRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  // Per address, in front of the per-account failure counting below: slows code guessing from one place.
  const takeAttempt = createRateLimiter({ burst: 10, refillSeconds: 6 }, 'authentication code attempts');

  registerRoutes(app, [
    route(signIn.totp, async (request, reply) => {
      takeAttempt(request.ip);
      const ticket = await rc.tickets.find(request.body.ticket);
      // Read fresh, not from the directory's cache: the account may have been disabled a moment ago.
      const user = ticket ? await rc.directory.byIdNow(ticket.userId) : undefined;
      if (!ticket || !user || !user.actived) throw expiredTicket();
      const device = rc.devices.deviceFor(deviceCookieOf(request), user.username);
      const { lockedForSeconds } = await rc.failures.state(user.username, request.ip, device);
      if (lockedForSeconds > 0) throw lockedError(lockedForSeconds);
      if (!(await rc.totp.verify(user.id, request.body.code))) {
        await rc.failures.recordFailure(user.username, request.ip, device);
        const left = await rc.tickets.recordFailure(ticket.ticketHash);
        if (left === 0) throw expiredTicket();
        throw rc.permission.wrongCode();
      }
      // Only one request completes a ticket, even if two arrive with valid codes at once.
      if (!(await rc.tickets.consume(ticket.ticketHash))) throw expiredTicket();
      await rc.failures.recordSuccess(user.username, request.ip, device);
      return finishSignIn(rc, { request, reply }, { user, remember: ticket.remember, returnTo: request.query.return_to });
    }),
  ]);
}
