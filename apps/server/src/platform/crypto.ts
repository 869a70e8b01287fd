import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random URL-safe secret of `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Secrets are stored only as their SHA-256, so a database leak does not leak usable tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sha256Base64Url = (value: string): string => createHash('sha256').update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export { randomInt };

/** argon2id, 19 MiB, t=2 (OWASP's minimum profile). */
// algorithm 2 is Argon2id (a const enum in the package's types, not importable as a value here).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash, verify against a fixed one so the time taken does not tell whether the user exists.
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return passwordHash !== null && ok;
}

const dummyHash = hash(randomToken(), ARGON2);
