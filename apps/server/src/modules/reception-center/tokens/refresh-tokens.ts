import { createHash, createHmac } from 'node:crypto';
import { safeEqual } from '../../../platform/crypto.ts';
import { isCanonicalUuid } from '../../../platform/uuid.ts';

export interface ChainPosition {
  familyId: string;
  generation: number;
}

/**
 * Refresh tokens as `<familyId>.<generation>.<mac>`. The MAC (HMAC-SHA-256 under a secret every
 * instance shares) makes a token unforgeable, so the server keeps one row per chain instead of a
 * row per token: a token of the chain's current generation rotates it, and an authentic token of
 * an earlier generation proves a reuse. Knowing a chain's id (access tokens carry it) is not
 * enough to revoke someone else's chain.
 */
export function createRefreshTokenCodec(secret: Buffer) {
  const mac = (familyId: string, generation: number) =>
    createHmac('sha256', secret).update(`${familyId}.${generation}`).digest('base64url');

  return {
    format: ({ familyId, generation }: ChainPosition): string => `${familyId}.${generation}.${mac(familyId, generation)}`,

    /** The chain position of an authentic token; undefined for anything we did not issue. */
    parse(token: string): ChainPosition | undefined {
      const [familyId, generationText, signature, extra] = token.split('.');
      if (extra !== undefined || !familyId || !isCanonicalUuid(familyId) || !generationText || !/^\d{1,9}$/.test(generationText))
        return undefined;
      const generation = Number(generationText);
      return signature && safeEqual(signature, mac(familyId, generation)) ? { familyId, generation } : undefined;
    },
  };
}

export type RefreshTokenCodec = ReturnType<typeof createRefreshTokenCodec>;

/** The MAC secret, derived from the token signing key so every instance holds the same one. */
export const refreshSecretFrom = (privateScalar: string): Buffer =>
  createHash('sha256').update(`refresh-token-mac:${privateScalar}`).digest();
