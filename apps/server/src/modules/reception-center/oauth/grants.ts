import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthSettings, ClientCredentialsTokenResponse, TokenResponse } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { authorizationCodes, refreshChains } from '../tables.ts';
import { randomToken, safeEqual, sha256, sha256Base64Url } from '../../../platform/crypto.ts';
import type { ChainPosition, RefreshTokenCodec } from '../tokens/refresh-tokens.ts';
import type { AccessTokens } from '../tokens/access-tokens.ts';
import type { Sessions } from '../sessions/service.ts';
import { chainLengthMs, sessionEndsAt, type SessionTimes } from '../sessions/lifetime.ts';
import { OAuthError } from './oauth-error.ts';
import type { OAuthClient } from './clients.ts';
import type { IdTokens } from './id-tokens.ts';
import { createRotation, type ChainLink } from './rotation.ts';
import type { UserDirectory } from '../../permission/index.ts';

const CODE_TTL_MS = 60_000;

const sessionEnded = () => new OAuthError('invalid_grant', 'The sign-in session has ended: sign in again');

export interface CodeRequest {
  clientId: string;
  userId: string;
  sessionId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | undefined;
}

/** The grants we support: authorization_code (PKCE S256), refresh_token (rotating) and client_credentials. */
export function createGrants(deps: {
  db: Db;
  accessTokens: AccessTokens;
  idTokens: IdTokens;
  directory: UserDirectory;
  refreshTokens: RefreshTokenCodec;
  /** Each token chain hangs from its sign-in session, in force only while the session is. */
  sessions: Pick<Sessions, 'useById' | 'admit'>;
  /** Token and session lifetimes, read at each grant. */
  auth: () => Promise<AuthSettings>;
}) {
  const { db, accessTokens, idTokens, directory, refreshTokens, sessions, auth } = deps;
  const rotate = createRotation(db);

  async function createCode(request: CodeRequest): Promise<string> {
    const code = randomToken();
    await db.insert(authorizationCodes).values({
      codeHash: sha256(code),
      ...request,
      nonce: request.nonce ?? null,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    return code;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db.update(refreshChains).set({ revokedAt: new Date() }).where(eq(refreshChains.familyId, familyId));
    await accessTokens.revokeFamilies([familyId]);
  }

  /** Starts a chain: stores its first refresh token and answers with the token set. */
  async function respond(
    input: ChainLink & { idToken?: { nonce: string | null; authTime: Date } },
    session: SessionTimes,
    settings: AuthSettings,
  ): Promise<TokenResponse> {
    await assertActive(input);
    await db.insert(refreshChains).values({
      familyId: input.familyId,
      sessionId: input.sessionId,
      clientId: input.clientId,
      userId: input.userId,
      scope: input.scope,
      expiresAt: input.expiresAt,
    });
    return tokenResponse(input, refreshTokens.format({ familyId: input.familyId, generation: 0 }), accessTokenSeconds(session, settings));
  }

  /** `accessTokenMinutes`, but never past the end of the session, so no access token outlives it. */
  function accessTokenSeconds(session: SessionTimes, settings: AuthSettings): number {
    const left = Math.floor((sessionEndsAt(session, settings).getTime() - Date.now()) / 1000);
    return Math.max(1, Math.min(settings.accessTokenMinutes * 60, left));
  }

  async function assertActive(link: ChainLink): Promise<void> {
    const user = await directory.byId(link.userId);
    if (!user?.actived) {
      await revokeFamily(link.familyId);
      throw new OAuthError('invalid_grant', 'The account is disabled');
    }
  }

  async function tokenResponse(
    input: ChainLink & { idToken?: { nonce: string | null; authTime: Date } },
    refreshToken: string,
    ttlSeconds: number,
  ) {
    const accessToken = accessTokens.issue(input, ttlSeconds);
    const response: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttlSeconds,
      refresh_token: refreshToken,
      scope: input.scope,
    };
    if (input.idToken && input.scope.split(' ').includes('openid')) {
      response.id_token = await idTokens.issue({ ...input, ...input.idToken });
    }
    return response;
  }

  async function exchangeCode(input: { clientId: string; code: string; codeVerifier?: string; redirectUri?: string }) {
    const codeHash = sha256(input.code);
    const [claimed] = await db
      .update(authorizationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedAt)))
      .returning();
    if (!claimed) {
      const [replayed] = await db.select().from(authorizationCodes).where(eq(authorizationCodes.codeHash, codeHash));
      // A code presented twice may have been stolen: what it issued is revoked (RFC 6749 §4.1.2).
      if (replayed?.familyId) await revokeFamily(replayed.familyId);
      throw new OAuthError('invalid_grant', 'The authorization code is invalid or was already used');
    }
    if (claimed.expiresAt.getTime() < Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired');
    if (claimed.clientId !== input.clientId) throw new OAuthError('invalid_grant', 'The code was issued to another client');
    if (claimed.redirectUri !== input.redirectUri)
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
    if (!input.codeVerifier) throw new OAuthError('invalid_grant', 'code_verifier is required');
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(input.codeVerifier) || !safeEqual(sha256Base64Url(input.codeVerifier), claimed.codeChallenge)) {
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
    }
    const session = await sessions.useById(claimed.sessionId);
    if (!session) throw sessionEnded();
    const familyId = randomUUID();
    await db.update(authorizationCodes).set({ familyId }).where(eq(authorizationCodes.codeHash, codeHash));
    const settings = await auth();
    const chainEnd = Math.min(sessionEndsAt(session, settings).getTime(), Date.now() + chainLengthMs(settings));
    return respond(
      {
        userId: claimed.userId,
        sessionId: claimed.sessionId,
        familyId,
        clientId: claimed.clientId,
        scope: claimed.scope,
        expiresAt: new Date(chainEnd),
        idToken: { nonce: claimed.nonce, authTime: session.createdAt },
      },
      session,
      settings,
    );
  }

  async function refresh(input: { clientId: string; refreshToken: string }) {
    const presented = refreshTokens.parse(input.refreshToken);
    const link = presented && (await rotate({ ...presented, clientId: input.clientId }));
    if (!link) {
      if (presented) await revokeOnReuse(presented, input.clientId);
      throw new OAuthError('invalid_grant', 'The refresh token is invalid, expired or was already used');
    }
    await assertActive(link);
    const settings = await auth();
    // The chain's and its session's lifetimes as the settings say now: a chain too old, or a session
    // ended (expired, idle, revoked), refreshes nothing more and is revoked (ASVS V3.3).
    if (link.createdAt.getTime() + chainLengthMs(settings) <= Date.now()) {
      await revokeFamily(link.familyId);
      throw new OAuthError('invalid_grant', 'The refresh token has expired: sign in again');
    }
    if (!(await sessions.admit(link.session))) {
      await revokeFamily(link.familyId);
      throw sessionEnded();
    }
    return tokenResponse(link, refreshTokens.format(link), accessTokenSeconds(link.session, settings));
  }

  /**
   * An authentic token that did not rotate: one of an earlier generation means two holders, and one
   * shown by another client was leaked; either way the whole chain is revoked.
   */
  async function revokeOnReuse(presented: ChainPosition, clientId: string): Promise<void> {
    const [chain] = await db.select().from(refreshChains).where(eq(refreshChains.familyId, presented.familyId));
    if (chain && !chain.revokedAt && (chain.generation > presented.generation || chain.clientId !== clientId)) {
      await revokeFamily(chain.familyId);
    }
  }

  /**
   * RFC 6749 §4.4: a confidential client registered for this grant, acting as its application. An
   * access token only, living `accessTokenMinutes`: no user, so no session, refresh token or ID token.
   */
  async function clientCredentials(client: OAuthClient): Promise<ClientCredentialsTokenResponse> {
    if (client.secretHash === null) throw new OAuthError('invalid_client', 'A public client cannot use the client_credentials grant');
    if (!client.grantTypes.includes('client_credentials') || !client.applicationId) {
      throw new OAuthError('unauthorized_client', 'This client is not registered for the client_credentials grant');
    }
    const ttlSeconds = (await auth()).accessTokenMinutes * 60;
    return {
      access_token: accessTokens.issueForClient({ clientId: client.id, applicationId: client.applicationId }, ttlSeconds),
      token_type: 'Bearer',
      expires_in: ttlSeconds,
      scope: '',
    };
  }

  return { createCode, exchangeCode, refresh, clientCredentials };
}

export type Grants = ReturnType<typeof createGrants>;
