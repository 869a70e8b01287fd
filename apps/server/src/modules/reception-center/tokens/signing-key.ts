import { createPrivateKey, type JsonWebKeyInput, type KeyObject } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../../../platform/db/client.ts';
import { signingKeys } from '../tables.ts';
import { randomToken } from '../../../platform/crypto.ts';
import { refreshSecretFrom } from './refresh-tokens.ts';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  /** The private key as node:crypto uses it (see jws.ts). */
  signer: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** The secret refresh tokens are authenticated with (see refresh-tokens.ts). */
  refreshSecret: Buffer;
}

/**
 * The ES256 key tokens are signed with, kept in the database so tokens stay valid across restarts
 * and instances. The first instance to start creates it.
 */
export async function loadSigningKey(db: Db): Promise<SigningKey> {
  let row = (await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1))[0];
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomToken(12);
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    await db.insert(signingKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
    row = (await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1))[0];
    if (!row) throw new Error('Could not store the token signing key');
  }
  return {
    kid: row.kid,
    signer: createPrivateKey({ key: row.privateJwk as JsonWebKeyInput['key'], format: 'jwk' }),
    publicKey: (await importJWK(row.publicJwk as JWK, SIGNING_ALG)) as CryptoKey,
    publicJwk: row.publicJwk as JWK,
    refreshSecret: refreshSecretFrom(String((row.privateJwk as JWK).d)),
  };
}
