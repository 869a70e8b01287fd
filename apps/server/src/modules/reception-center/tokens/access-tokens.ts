import { APPLICATION_TOKEN_TTL_SECONDS, AuthSettings } from '@portal/contracts';
import { gt } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import type { Db } from '../../../platform/db/client.ts';
import { revokedFamilies } from '../tables.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Principal } from '../../../platform/access.ts';
import type { ClientRegistry } from '../oauth/clients.ts';
import { signJwt } from './jws.ts';
import { SIGNING_ALG, type SigningKey } from './signing-key.ts';

/** The longest an access token may live (the auth settings' `accessTokenMinutes` at its maximum). */
const LONGEST_ACCESS_TOKEN_SECONDS = ((AuthSettings.properties.accessTokenMinutes as { maximum?: number }).maximum ?? 60) * 60;
/** The claim naming the application a token was issued to; portal access tokens never carry it. */
const APPLICATION_CLAIM = 'application_id';
/** Marks a token of the client_credentials grant: it names a client, no user, so it opens no portal route. */
const GRANT_CLAIM = 'gty';
const CLIENT_CREDENTIALS = 'client_credentials';
const FAMILY_REVOKED_TOPIC = 'oauth.family.revoked';
const VERIFIED_CACHE_LIMIT = 50_000;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  familyId: string;
  clientId: string;
  scope: string;
}

/** A token for one third-party application, tied to the caller's chain so it ends with it. */
export interface ApplicationTokenClaims {
  userId: string;
  sessionId: string;
  familyId: string;
  applicationId: string;
}

/** What introspection tells of a token (RFC 7662 §2.2). */
export interface InspectedToken {
  sub: string;
  clientId: string;
  scope: string;
  exp: number;
  iat: number;
  /** Issued by the client_credentials grant: `sub` is the client. */
  machine: boolean;
  applicationId: string | null;
}

interface CachedPrincipal {
  principal: Principal;
  familyId: string;
  expiresAtMs: number;
}

/**
 * Issues and verifies access tokens. Verified tokens are remembered until they expire, so a request
 * costs a few map look-ups; a revoked chain is refused at once on every instance (revocations arrive
 * through the event bus and are loaded at start for the lifetime of the tokens they cover), and so is
 * a token of a disabled application's client, or for a disabled application (the client registry,
 * asked at every use: enabled again, its unexpired tokens are honoured again).
 */
export async function createAccessTokens(deps: {
  db: Db;
  events: EventBus;
  key: SigningKey;
  issuer: string;
  clients: Pick<ClientRegistry, 'partyOf'>;
}) {
  const { key, issuer, events, db, clients } = deps;
  const verified = new Map<string, CachedPrincipal>();
  const revoked = new Set<string>();

  const since = new Date(Date.now() - LONGEST_ACCESS_TOKEN_SECONDS * 1000);
  for (const row of await db.select().from(revokedFamilies).where(gt(revokedFamilies.revokedAt, since))) {
    revoked.add(row.familyId);
  }
  const unsubscribe = events.subscribe(FAMILY_REVOKED_TOPIC, (familyId) => revoked.add(familyId));

  /** An access token of the caller's session: `sid` and `fid` tie it to the chain, so revoking the chain refuses it. */
  const signFor = (
    claims: { userId: string; sessionId: string; familyId: string },
    fields: { aud: string } & Record<string, string>,
    ttl: number,
  ) => signJwt(key, 'at+jwt', { iss: issuer, sub: claims.userId, sid: claims.sessionId, fid: claims.familyId, ...fields }, ttl);

  /** A portal access token living `ttlSeconds` (the auth settings' `accessTokenMinutes`, cut to its session's end). */
  function issue(claims: AccessTokenClaims, ttlSeconds: number): string {
    return signFor(claims, { aud: claims.clientId, scope: claims.scope, client_id: claims.clientId }, ttlSeconds);
  }

  /**
   * The audience is the application and there is no scope: the token says who the user is and
   * nothing more (see the access guard). `fid` is the caller's chain, so signing out or revoking the
   * session refuses it as it refuses the caller's own tokens.
   */
  function issueForApplication(claims: ApplicationTokenClaims): string {
    return signFor(
      claims,
      { aud: claims.applicationId, scope: '', [APPLICATION_CLAIM]: claims.applicationId },
      APPLICATION_TOKEN_TTL_SECONDS,
    );
  }

  /**
   * A token of the client_credentials grant: its subject is the client (RFC 9068 §2.2), it carries the
   * application it acts for, no user, session or chain, and lives `ttlSeconds`.
   */
  function issueForClient(claims: { clientId: string; applicationId: string }, ttlSeconds: number): string {
    const { clientId, applicationId } = claims;
    return signJwt(
      key,
      'at+jwt',
      {
        iss: issuer,
        sub: clientId,
        aud: clientId,
        client_id: clientId,
        scope: '',
        [APPLICATION_CLAIM]: applicationId,
        [GRANT_CLAIM]: CLIENT_CREDENTIALS,
      },
      ttlSeconds,
    );
  }

  /** The claims of a valid, unexpired and unrevoked access token of ours (for introspection); null otherwise. */
  async function inspect(token: string): Promise<InspectedToken | null> {
    try {
      const { payload } = await jwtVerify(token, key.publicKey, { issuer, algorithms: [SIGNING_ALG], typ: 'at+jwt' });
      if (!payload.sub || payload.exp === undefined || payload.iat === undefined) return null;
      const machine = payload[GRANT_CLAIM] === CLIENT_CREDENTIALS;
      if (!machine && revoked.has(String(payload.fid ?? ''))) return null;
      const application = payload[APPLICATION_CLAIM];
      return {
        sub: payload.sub,
        clientId: String(payload.client_id ?? payload.aud ?? ''),
        scope: String(payload.scope ?? ''),
        exp: payload.exp,
        iat: payload.iat,
        machine,
        applicationId: typeof application === 'string' ? application : null,
      };
    } catch {
      return null;
    }
  }

  /** Whether the client or application the token was issued to is still in service (a portal token's always is). */
  const inService = async (principal: Principal) =>
    (await clients.partyOf({ clientId: principal.clientId, applicationId: principal.application })) !== undefined;

  async function verify(token: string): Promise<Principal | null> {
    const principal = await verifySignedToken(token);
    return principal && (await inService(principal)) ? principal : null;
  }

  async function verifySignedToken(token: string): Promise<Principal | null> {
    const cached = verified.get(token);
    if (cached) {
      if (cached.expiresAtMs > Date.now() && !revoked.has(cached.familyId)) return cached.principal;
      verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, key.publicKey, {
        issuer,
        algorithms: [SIGNING_ALG],
        typ: 'at+jwt',
      });
      const familyId = String(payload.fid ?? '');
      if (!payload.sub || revoked.has(familyId) || payload[GRANT_CLAIM] !== undefined) return null;
      const application = payload[APPLICATION_CLAIM];
      // An application token is only ever issued with its audience set to the application.
      if (application !== undefined && (typeof application !== 'string' || payload.aud !== application)) return null;
      const principal: Principal = {
        userId: payload.sub,
        sessionId: String(payload.sid ?? ''),
        familyId,
        clientId: String(payload.client_id ?? ''),
        scope: String(payload.scope ?? ''),
        application: application ?? null,
      };
      if (verified.size >= VERIFIED_CACHE_LIMIT) verified.clear();
      verified.set(token, { principal, familyId, expiresAtMs: (payload.exp ?? 0) * 1000 });
      return principal;
    } catch {
      return null;
    }
  }

  /** Records the revocation and tells every instance. */
  async function revokeFamilies(familyIds: string[]): Promise<void> {
    if (familyIds.length === 0) return;
    await db
      .insert(revokedFamilies)
      .values(familyIds.map((familyId) => ({ familyId })))
      .onConflictDoNothing();
    await Promise.all(familyIds.map((familyId) => events.publish(FAMILY_REVOKED_TOPIC, familyId)));
  }

  return { issue, issueForApplication, issueForClient, inspect, verify, revokeFamilies, close: unsubscribe };
}

export type AccessTokens = Awaited<ReturnType<typeof createAccessTokens>>;
