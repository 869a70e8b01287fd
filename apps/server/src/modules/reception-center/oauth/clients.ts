import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { oauthClients, type GrantType } from '../tables.ts';
import { safeEqual, sha256 } from '../../../platform/crypto.ts';
import { OAuthError } from './oauth-error.ts';

export type OAuthClient = typeof oauthClients.$inferSelect;

const CACHE_MS = 5000;
const recent = new Map<string, { client: OAuthClient; until: number }>();

/**
 * A registered client. Found clients are remembered for a few seconds: the token endpoint asks on
 * every call, and registrations change rarely (a change is in force everywhere within CACHE_MS).
 */
export async function findClient(db: Db, clientId: string): Promise<OAuthClient | undefined> {
  const hit = recent.get(clientId);
  if (hit && hit.until > Date.now()) return hit.client;
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  if (client) {
    if (recent.size > 1000) recent.clear();
    recent.set(clientId, { client, until: Date.now() + CACHE_MS });
  } else {
    recent.delete(clientId);
  }
  return client;
}

/** A client changed or removed: ask the table at its next use. */
export const forgetClient = (clientId: string): void => {
  recent.delete(clientId);
};

/** Registers (or updates) a client; a secret makes it confidential. */
export async function saveClient(
  db: Db,
  client: { id: string; name: string; redirectUris: string[]; postLogoutRedirectUris?: string[]; secret?: string },
): Promise<void> {
  const values = {
    id: client.id,
    name: client.name,
    redirectUris: client.redirectUris,
    postLogoutRedirectUris: client.postLogoutRedirectUris ?? [],
    secretHash: client.secret ? sha256(client.secret) : null,
  };
  await db.insert(oauthClients).values(values).onConflictDoUpdate({ target: oauthClients.id, set: values });
  recent.delete(client.id);
}

/** Exact, whole-string match against the registered redirect URIs: no prefixes, no normalising. */
export const isRegisteredRedirect = (client: OAuthClient, redirectUri: string): boolean => client.redirectUris.includes(redirectUri);

/** Client authentication at the token endpoint: a public client sends none, a confidential one must. */
export function authenticateClient(client: OAuthClient | undefined, secret: string | undefined): OAuthClient {
  if (!client) throw new OAuthError('invalid_client', 'Unknown client');
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
