import { signJwt } from '../tokens/jws.ts';
import type { SigningKey } from '../tokens/signing-key.ts';

/** An ID token tells who signed in and when: read once by the client at sign-in, it needs no setting of its own. */
const ID_TOKEN_TTL_SECONDS = 600;

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
      const payload = {
        ...(await deps.profile(claims.userId)),
        iss: deps.issuer,
        sub: claims.userId,
        aud: claims.clientId,
        sid: claims.sessionId,
        auth_time: Math.floor(claims.authTime.getTime() / 1000),
        ...(claims.nonce ? { nonce: claims.nonce } : {}),
      };
      return signJwt(deps.key, 'JWT', payload, ID_TOKEN_TTL_SECONDS);
    },
  };
}

export type IdTokens = ReturnType<typeof createIdTokens>;
