import { sign, type KeyObject } from 'node:crypto';
import { randomToken } from '../../../platform/crypto.ts';
import { SIGNING_ALG } from './signing-key.ts';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface JwtClaims {
  iss: string;
  sub: string;
  aud: string;
  [claim: string]: unknown;
}

/**
 * A compact ES256 JWS signed synchronously with node:crypto. WebCrypto (jose's SignJWT) queues each
 * signature as an async job, which cost several times the signature itself on the token endpoint.
 * Verification stays with jose, which checks every standard claim.
 */
export function signJwt(key: { kid: string; signer: KeyObject }, typ: string, claims: JwtClaims, ttlSeconds: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: SIGNING_ALG, kid: key.kid, typ });
  const payload = base64url({ ...claims, iat, exp: iat + ttlSeconds, jti: claims.jti ?? randomToken(12) });
  const input = `${header}.${payload}`;
  const signature = sign('sha256', Buffer.from(input), { key: key.signer, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}
