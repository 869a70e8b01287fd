import { createHash, createHmac, randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from '../../../platform/cookies.ts';
import { safeEqual } from '../../../platform/crypto.ts';
import { PREFIX } from '../context.ts';

/**
 * OWASP's device cookie: a browser that has completed a sign-in as a user carries proof of it, so
 * strangers' failures, which lock the account for untrusted browsers, do not lock the owner out
 * (failures.ts counts a trusted browser's failures on its own). Stateless: the cookie is
 * `v1.<nonce>.<issued at>.<username>.<mac>`, the MAC an HMAC-SHA-256 under a key derived from the
 * token signing key, which every instance shares (as secret-box.ts and refresh-tokens.ts do). The
 * nonce names the device for its own failure counter.
 */
export const DEVICE_COOKIE = 'os_device';
export const DEVICE_COOKIE_DAYS = 180;

const VERSION = 'v1';
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export function createDeviceCookies(signer: KeyObject, now = () => Date.now()) {
  const { d } = signer.export({ format: 'jwk' });
  if (!d) throw new Error('The signing key has no private part to derive the device-cookie key from');
  const key = createHash('sha256').update(`sign-in-device-cookie:${d}`).digest();
  // Usernames are matched as sign-in matches them: case-insensitively.
  const body = (nonce: string, issuedAt: number, username: string) =>
    `${VERSION}.${nonce}.${issuedAt}.${Buffer.from(username.toLowerCase()).toString('base64url')}`;
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  return {
    issue(username: string): string {
      const text = body(randomBytes(16).toString('base64url'), Math.floor(now() / 1000), username);
      return `${text}.${mac(text)}`;
    },

    /** The device's id when the cookie is ours, unexpired and issued for `username`; else undefined. */
    deviceFor(cookie: string | undefined, username: string): string | undefined {
      const parts = cookie?.split('.') ?? [];
      const [version, nonce, issuedText, , signature] = parts;
      if (parts.length !== 5 || version !== VERSION || !nonce || !NONCE.test(nonce) || !issuedText || !/^\d{1,12}$/.test(issuedText))
        return undefined;
      const issuedAt = Number(issuedText);
      if (now() / 1000 - issuedAt > DEVICE_COOKIE_DAYS * 86_400) return undefined;
      const expected = body(nonce, issuedAt, username);
      return parts.slice(0, 4).join('.') === expected && safeEqual(signature ?? '', mac(expected)) ? nonce : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** Sent only to the sign-in calls; never readable by scripts; Strict, as only our own pages sign in. */
export function setDeviceCookie(reply: FastifyReply, publicUrl: string, value: string) {
  setCookie(reply, DEVICE_COOKIE, value, {
    path: `${PREFIX}/oauth`,
    httpOnly: true,
    sameSite: 'strict',
    secure: publicUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

export const deviceCookieOf = (request: FastifyRequest): string | undefined => readCookie(request, DEVICE_COOKIE);
