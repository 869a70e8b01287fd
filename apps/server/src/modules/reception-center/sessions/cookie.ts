import { SESSION_COOKIE } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../../platform/cookies.ts';
import { PREFIX } from '../context.ts';

const options = (publicUrl: string) => ({
  path: PREFIX,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: publicUrl.startsWith('https:'),
});

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expiresAt: Date | undefined) {
  setCookie(reply, SESSION_COOKIE, token, { ...options(publicUrl), ...(expiresAt ? { expires: expiresAt } : {}) });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string) {
  clearCookie(reply, SESSION_COOKIE, options(publicUrl));
}

export const sessionCookieOf = (request: FastifyRequest): string | undefined => readCookie(request, SESSION_COOKIE);

/**
 * Only a path back into our own authorize endpoint may be followed after sign-in, or into the bind
 * route of an external identity waiting to be linked (external/bind-routes.ts).
 */
export function safeReturnTo(returnTo: string | undefined): string {
  if (!returnTo) return '/';
  const bind = `${PREFIX}/oauth/third/bind`;
  return returnTo.startsWith(`${PREFIX}/oauth/authorize?`) || returnTo === bind || returnTo.startsWith(`${bind}?`) ? returnTo : '/';
}
