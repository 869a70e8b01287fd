import { createCipheriv, createDecipheriv, createHash, randomBytes, type KeyObject } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals small secrets (the TOTP shared secrets) with AES-256-GCM, so a copy of the database alone
 * does not give them away. The key is derived from the token signing key's private scalar, which
 * every instance shares (the same way refresh-tokens.ts derives its MAC secret). The user id is
 * bound in as associated data: a sealed secret copied onto another user's row does not open.
 */
export function createSecretBox(signer: KeyObject) {
  const { d } = signer.export({ format: 'jwk' });
  if (!d) throw new Error('The signing key has no private part to derive the secret key from');
  const key = createHash('sha256').update(`totp-secret-box:${d}`).digest();

  return {
    seal(plain: Buffer, boundTo: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo));
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },

    /** Throws when the text was not sealed by this key for this owner. */
    open(text: string, boundTo: string): Buffer {
      const [version, body] = text.split('.');
      if (version !== VERSION || !body) throw new Error('Unknown sealed-secret format');
      const raw = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(boundTo))
        .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
