import { LOGIN_STATE_RANGE } from '@portal/contracts';

/** RFC 4648 §5 base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text (padding optional). */
export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));

/** A PKCE code_verifier: 48 random bytes give 64 unreserved characters (RFC 7636 allows 43–128). */
export function createVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(48)));
}

/** code_challenge for method S256: base64url(SHA-256(verifier)). */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The sign-in `state`: a random integer in the spec's range (§9), as a string. */
export function createState(): string {
  const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
  const span = LOGIN_STATE_RANGE.max - LOGIN_STATE_RANGE.min + 1;
  return String(LOGIN_STATE_RANGE.min + (random % span));
}
