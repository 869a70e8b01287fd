import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { oauthClients, type GrantType } from '../tables.ts';
import { safeEqual, sha256 } from '../../../platform/crypto.ts';
import { OAuthError } from './oauth-error.ts';

export type OAuthClient = typeof oauthClients.$inferSelect;

/** Published after the commit of every change to a client (payload: its id); each instance's registry forgets it. */
export const CLIENT_CHANGED_TOPIC = 'oauth.client.changed';

const CACHE_LIMIT = 10_000;

/** What an access token says of whom it was issued to (its claims). */
export interface TokenParty {
  clientId: string;
  /** The application the token speaks for by its claim (an application's or a client_credentials token). */
  applicationId: string | null;
}

/**
 * The one way the OAuth server finds a client: authorize, the token endpoint (every grant), the
 * introspection, logout and the access guard's token check all ask `find` or `partyOf`, so a client
 * of a disabled (or deleted) application is, to each of them, as unknown as a missing one, and a
 * new grant cannot skip the rule. Rows are remembered until a change to the client is announced
 * (CLIENT_CHANGED_TOPIC, after its commit, on every instance); the applications' state is
 * permission's, answered from its own memory that follows the registry's changes the same way.
 */
export function createClientRegistry(deps: { db: Db; events: EventBus; applicationEnabled: (applicationId: string) => Promise<boolean> }) {
  const { db, events, applicationEnabled } = deps;
  const rows = new Map<string, OAuthClient>();
  // Bumped by every change: a read that started before one is not remembered, it may hold the old row.
  let generation = 0;
  const unsubscribe = events.subscribe(CLIENT_CHANGED_TOPIC, (clientId) => {
    generation++;
    rows.delete(clientId);
  });

  async function stored(clientId: string): Promise<OAuthClient | undefined> {
    const hit = rows.get(clientId);
    if (hit) return hit;
    const started = generation;
    const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
    if (client && started === generation) {
      if (rows.size >= CACHE_LIMIT) rows.clear();
      rows.set(clientId, client);
    }
    return client;
  }

  /** The portal's and operators' clients belong to no application and are always in service. */
  const inService = async (applicationId: string | null) => applicationId === null || applicationEnabled(applicationId);

  async function find(clientId: string): Promise<OAuthClient | undefined> {
    const client = await stored(clientId);
    return client && (await inService(client.applicationId)) ? client : undefined;
  }

  return {
    /** A registered client in service: undefined for an unknown one and for one whose application is disabled. */
    find,

    /**
     * Whom a token was issued to, while they are in service: the application it speaks for (its claim,
     * or its client's; null for the portal's and operators' clients), or undefined when that
     * application is disabled or gone or the token's client is (so the token is refused).
     */
    async partyOf(token: TokenParty): Promise<{ applicationId: string | null } | undefined> {
      if (token.applicationId) return (await inService(token.applicationId)) ? { applicationId: token.applicationId } : undefined;
      const client = await find(token.clientId);
      return client ? { applicationId: client.applicationId } : undefined;
    },

    close: unsubscribe,
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;

export interface ClientRegistration {
  id: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  secret?: string;
  /** Lets it introspect tokens issued to any client (a resource server of the portal's own tokens): given only by an operator. */
  introspectAny?: boolean;
}

/** The row of a registration, written whole: a field left out takes its default. */
const upsertClient = (db: Db, client: ClientRegistration) => {
  const values = {
    id: client.id,
    name: client.name,
    redirectUris: client.redirectUris,
    postLogoutRedirectUris: client.postLogoutRedirectUris ?? [],
    secretHash: client.secret ? sha256(client.secret) : null,
    introspectAny: client.introspectAny ?? false,
  };
  return db.insert(oauthClients).values(values).onConflictDoUpdate({ target: oauthClients.id, set: values });
};

/**
 * Registers (or updates) a client; a secret makes it confidential. Every instance's registry hears
 * of it after the commit (the operator's CLI publishes on the database's event channel too).
 */
export async function saveClient(db: Db, client: ClientRegistration): Promise<void> {
  await transaction(db, async (tx) => {
    await upsertClient(tx, client);
    tx.afterCommit(CLIENT_CHANGED_TOPIC, client.id);
  });
}

/** Start-up seeding, before any registry of this process has read the table (and with no event bus yet). */
export async function seedClient(db: Db, client: ClientRegistration): Promise<void> {
  await upsertClient(db, client);
}

/** Exact, whole-string match against the registered redirect URIs: no prefixes, no normalising. */
export const isRegisteredRedirect = (client: OAuthClient, redirectUri: string): boolean => client.redirectUris.includes(redirectUri);

/**
 * Client authentication at the token endpoint: a public client sends none, a confidential one must.
 * A client of a disabled application is not found (`find`): RFC 6749 §5.2's invalid_client, "unknown
 * client", rather than unauthorized_client, which says an authenticated client may not use this one
 * grant; a disabled client may use none, and a public one cannot authenticate at all.
 */
export function authenticateClient(client: OAuthClient | undefined, secret: string | undefined): OAuthClient {
  if (!client) throw new OAuthError('invalid_client', 'Unknown client, or its application is disabled');
  if (client.secretHash === null) {
    if (secret) throw new OAuthError('invalid_client', 'This public client has no secret');
    return client;
  }
  if (!secret || !safeEqual(sha256(secret), client.secretHash)) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  return client;
}

/** RFC 6749 §5.2: an authenticated client asking for a grant it is not registered for. */
export function assertGrantAllowed(client: OAuthClient, grantType: GrantType): void {
  if (!client.grantTypes.includes(grantType)) {
    throw new OAuthError('unauthorized_client', `This client is not registered for the ${grantType} grant`);
  }
}
