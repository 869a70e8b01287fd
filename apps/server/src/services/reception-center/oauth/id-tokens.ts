import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../tokens/access-tokens.ts';
import { SIGNING_ALG, type SigningKey } from '../tokens/signing-key.ts';

export interface IdTokenClaims {
  userId: string;
  clientId: string;
  sessionId: string;
  nonce: string | null;
  authTime: Date;
}

/** OpenID Connect ID tokens, signed with the same published key as access tokens. */
export function createIdTokens(deps: {
  key: SigningKey;
  issuer: string;
  /** Standard claims of the user (name, preferred_username, email, ...). */
  profile: (userId: string) => Promise<Record<string, unknown>>;
}) {
  return {
    async issue(claims: IdTokenClaims): Promise<string> {
      const payload: Record<string, unknown> = {
        ...(await deps.profile(claims.userId)),
        sid: claims.sessionId,
        auth_time: Math.floor(claims.authTime.getTime() / 1000),
      };
      if (claims.nonce) payload.nonce = claims.nonce;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: SIGNING_ALG, kid: deps.key.kid, typ: 'JWT' })
        .setIssuer(deps.issuer)
        .setSubject(claims.userId)
        .setAudience(claims.clientId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(deps.key.privateKey);
    },
  };
}

export type IdTokens = ReturnType<typeof createIdTokens>;
