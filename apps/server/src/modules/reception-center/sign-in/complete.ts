import type { SignInResult } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../permission/index.ts';
import type { ReceptionCenter } from '../context.ts';
import { safeReturnTo, setSessionCookie } from '../sessions/cookie.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { secondFactorStep } from './options.ts';

/**
 * The end of a sign-in whose every factor has been checked: a session at the authorization server,
 * unless the password has expired (set by an administrator, or older than the safe settings'
 * `password.expiryDays`), in which case no session starts until it is changed. With the
 * session, the browser becomes trusted for this user (device-cookie.ts).
 */
export async function finishSignIn(
  rc: ReceptionCenter,
  exchange: { request: FastifyRequest; reply: FastifyReply },
  input: { user: UserRow; remember: boolean; returnTo: string | undefined },
): Promise<SignInResult> {
  if (await rc.permission.passwords.isExpired(input.user)) return { passwordExpired: true };
  const { request, reply } = exchange;
  const { token, session } = await rc.sessions.start({
    userId: input.user.id,
    remember: input.remember,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  setSessionCookie(reply, rc.config.publicUrl, token, input.remember ? session.expiresAt : undefined);
  // After the session cookie, which clients that keep only the first Set-Cookie rely on. A fresh
  // device cookie each time, as OWASP has it: it renews the lifetime and starts a new device count.
  setDeviceCookie(reply, rc.config.publicUrl, rc.devices.issue(input.user.username));
  return { redirect: safeReturnTo(input.returnTo) };
}

/**
 * After a first factor (a password, an SMS code): with an authenticator app, or where the settings
 * require one, no session yet: a ticket awaits the code, or the app's set-up (totp-routes.ts).
 */
export async function signInAfterFirstFactor(
  rc: ReceptionCenter,
  exchange: { request: FastifyRequest; reply: FastifyReply },
  input: { user: UserRow; remember: boolean; returnTo: string | undefined },
): Promise<SignInResult> {
  const step = await secondFactorStep(rc, input.user.id);
  if (step !== 'none') {
    const ticket = await rc.tickets.issue({ userId: input.user.id, remember: input.remember });
    return step === 'code' ? { totpRequired: true as const, ...ticket } : { mfaEnrolmentRequired: true as const, ...ticket };
  }
  return finishSignIn(rc, exchange, input);
}
