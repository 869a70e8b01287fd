import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../../../../platform/crypto.ts';
import { TOTP } from '@portal/contracts';

/** RFC 4648 base32, the alphabet authenticator apps expect for the shared secret. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation for SHA-1). */
export const newTotpSecret = (): Buffer => randomBytes(TOTP.secretBytes);

/** The RFC 6238 time step of a moment. */
export const timeStep = (atMs: number, periodSeconds: number = TOTP.periodSeconds): number => Math.floor(atMs / 1000 / periodSeconds);

/** RFC 4226 HOTP of a counter: HMAC, dynamic truncation, the low `digits` decimal digits. */
export function hotp(secret: Uint8Array, counter: number, digits: number = TOTP.digits, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP at a moment. */
export const totpAt = (secret: Uint8Array, atMs: number): string => hotp(secret, timeStep(atMs));

/** Steps either side of now that still count, for clocks a little out and codes typed late. */
export const ALLOWED_DRIFT_STEPS = 1;

/**
 * The time step whose code this is (now, one before or one after), or undefined. Every candidate is
 * compared, in constant time, so the answer's timing says nothing about which step matched.
 */
export function matchingStep(secret: Uint8Array, code: string, atMs: number): number | undefined {
  const now = timeStep(atMs);
  let found: number | undefined;
  for (let step = now - ALLOWED_DRIFT_STEPS; step <= now + ALLOWED_DRIFT_STEPS; step++) {
    if (safeEqual(code, hotp(secret, step)) && found === undefined) found = step;
  }
  return found;
}

/** The otpauth:// address authenticator apps read from a QR code (Key Uri Format). */
export function otpauthUrl(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const query = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.periodSeconds),
  });
  return `otpauth://totp/${label}?${query}`;
}
