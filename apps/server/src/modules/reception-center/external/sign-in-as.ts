import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../permission/index.ts';
import type { ReceptionCenter } from '../context.ts';
import { finishSignIn } from '../sign-in/complete.ts';
import { deviceCookieOf } from '../sign-in/device-cookie.ts';
import { secondFactorStep } from '../sign-in/options.ts';
import { loginWithCodeStep, loginWithError } from './destinations.ts';

/**
 * Ends a sign-in through a provider the way a password sign-in ends: a disabled account or a locked
 * one gets nothing; an account with an authenticator app goes on to the code step, one the settings
 * require an app of to its set-up (a sign-in ticket, as after its password); otherwise the session starts and the browser continues into authorize.
 */
export async function signInAs(
  rc: ReceptionCenter,
  exchange: { request: FastifyRequest; reply: FastifyReply },
  input: { user: UserRow; returnTo: string | null },
): Promise<FastifyReply> {
  const { request, reply } = exchange;
  const { returnTo } = input;
  // Read fresh, not from the directory's cache: the account may have been disabled a moment ago.
  const user = await rc.directory.byIdNow(input.user.id);
  if (!user?.actived) return reply.redirect(loginWithError('disabled', returnTo), 302);
  const device = rc.devices.deviceFor(deviceCookieOf(request), user.username);
  const { lockedForSeconds } = await rc.failures.state(user.username, request.ip, device);
  if (lockedForSeconds > 0) return reply.redirect(loginWithError('locked', returnTo), 302);
  const step = await secondFactorStep(rc, user.id);
  if (step !== 'none') {
    const { ticket } = await rc.tickets.issue({ userId: user.id, remember: false });
    return reply.redirect(loginWithCodeStep(ticket, returnTo, step), 302);
  }
  const result = await finishSignIn(rc, exchange, { user, remember: false, returnTo: returnTo ?? undefined });
  return reply.redirect('redirect' in result ? result.redirect : loginWithError('password_expired', returnTo), 302);
}
