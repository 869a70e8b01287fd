import type { StateStorage } from 'zustand/middleware';
import { base64url, fromBase64url } from '../auth/pkce.ts';

/*
 * Client state is persisted encrypted in sessionStorage (spec §3, §9). The AES-GCM key is derived
 * with HKDF from the refresh-token cookie instead of being stored anywhere: a key kept in
 * sessionStorage next to the ciphertext would protect nothing, while this one disappears with the
 * cookie at sign-out, after which the saved state can no longer be read. Refresh tokens rotate, so
 * the state is re-sealed after each refresh; state sealed under an older token just fails to open
 * and the app starts empty, which is safe because it re-fetches everything at start-up.
 */

const INFO = new TextEncoder().encode('portal-client-state');
const SALT_BYTES = 16;
const IV_BYTES = 12;

async function keyFrom(secret: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: INFO }, material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** `salt.iv.ciphertext`, each base64url: a fresh salt and IV for every write. */
export async function seal(secret: string, plaintext: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await keyFrom(secret, salt);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext));
  return [salt, iv, new Uint8Array(data)].map(base64url).join('.');
}

/** The plaintext, or null when the secret is wrong or the text was tampered with. */
export async function open(secret: string, sealed: string): Promise<string | null> {
  const [salt, iv, data] = sealed.split('.');
  if (!salt || !iv || !data) return null;
  try {
    const key = await keyFrom(secret, fromBase64url(salt));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, key, fromBase64url(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

type Backing = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A zustand StateStorage that seals values with a key from `secret()`; nothing is kept without one. */
export function sealedStorage(backing: () => Backing, secret: () => string | undefined): StateStorage<Promise<void>> {
  // Writes are asynchronous: chain them so an older state never lands after a newer one.
  let writes: Promise<void> = Promise.resolve();
  const enqueue = (write: () => Promise<void>) => (writes = writes.then(write, write));
  return {
    getItem: async (name) => {
      const key = secret();
      const sealed = backing().getItem(name);
      return key && sealed ? open(key, sealed) : null;
    },
    setItem: (name, value) =>
      enqueue(async () => {
        const key = secret();
        if (key) backing().setItem(name, await seal(key, value));
        else backing().removeItem(name);
      }),
    removeItem: (name) => enqueue(async () => backing().removeItem(name)),
  };
}
