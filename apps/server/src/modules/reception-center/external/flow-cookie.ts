import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../../platform/cookies.ts';
import { safeEqual } from '../../../platform/crypto.ts';
import { PREFIX } from '../context.ts';
import { FLOW_TTL_SECONDS } from './flows.ts';

/** The cookies of these flows live under their routes only, HttpOnly, sent on the provider's top-level redirect back (Lax). */
export const thirdCookieOptions = (publicUrl: string) => ({
  path: `${PREFIX}/oauth/third`,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: publicUrl.startsWith('https:'),
});

/**
 * The browser that started a flow holds its state in a cookie, and only that browser may finish it:
 * an authorization response planted in someone else's browser (sign-in or link CSRF) is refused.
 */
export const FLOW_COOKIE = 'os_third_flow';

export function setFlowCookie(reply: FastifyReply, publicUrl: string, state: string): void {
  setCookie(reply, FLOW_COOKIE, state, { ...thirdCookieOptions(publicUrl), maxAge: FLOW_TTL_SECONDS });
}

/** Whether this browser started the flow of `state`; the cookie is cleared either way. */
export function startedHere(request: FastifyRequest, reply: FastifyReply, publicUrl: string, state: string): boolean {
  const held = readCookie(request, FLOW_COOKIE);
  clearCookie(reply, FLOW_COOKIE, thirdCookieOptions(publicUrl));
  return held !== undefined && safeEqual(held, state);
}
