import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { OAuthConsent, OAuthScope } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { oauthClients, oauthConsents, refreshChains } from '../tables.ts';
import type { OAuthClient } from './clients.ts';

/**
 * Consent to the clients of applications (issue 28). The portal's own clients (no application) and
 * the clients of applications marked first-party sign users in without asking; any other client
 * gets a code only for scopes its user has allowed it, once, on the consent page.
 */
export const consents = {
  /**
   * Whether authorize must ask the user first: `always` is `prompt=consent`, which asks even a user
   * who consented before, but never for a client that needs no consent.
   */
  async needed(
    db: Db,
    permission: Pick<PermissionApi, 'consentFacts'>,
    input: { client: OAuthClient; userId: string; scopes: string[]; always: boolean },
  ): Promise<boolean> {
    const { client, userId, scopes } = input;
    if (!client.applicationId) return false;
    const [application] = await permission.consentFacts([client.applicationId]);
    if (application?.firstParty) return false;
    if (input.always) return true;
    const [stored] = await db
      .select({ scopes: oauthConsents.scopes })
      .from(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, client.id)));
    return !stored || scopes.some((scope) => !stored.scopes.includes(scope));
  },

  /** Remembers an allowed request: the scopes granted so far and these, from now. */
  async remember(db: Db, input: { userId: string; clientId: string; scopes: string[] }): Promise<void> {
    await db
      .insert(oauthConsents)
      .values({ ...input, scopes: [...new Set(input.scopes)].sort() })
      .onConflictDoUpdate({
        target: [oauthConsents.userId, oauthConsents.clientId],
        // Both sides are JSON arrays of scopes: their union, each once, in a stable order.
        set: {
          scopes: sql`(select jsonb_agg(distinct s order by s) from jsonb_array_elements_text(${oauthConsents.scopes} || excluded.scopes) s)`,
          grantedAt: new Date(),
        },
      });
  },

  /** The user's consents, newest first, with the client's and its application's names. */
  async listOwn(db: Db, permission: Pick<PermissionApi, 'consentFacts'>, userId: string): Promise<OAuthConsent[]> {
    const rows = await db
      .select({
        clientId: oauthConsents.clientId,
        clientName: oauthClients.name,
        applicationId: oauthClients.applicationId,
        scopes: oauthConsents.scopes,
        grantedAt: oauthConsents.grantedAt,
      })
      .from(oauthConsents)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthConsents.clientId))
      .where(eq(oauthConsents.userId, userId))
      .orderBy(desc(oauthConsents.grantedAt));
    const ids = [...new Set(rows.flatMap((row) => (row.applicationId ? [row.applicationId] : [])))];
    const names = new Map((await permission.consentFacts(ids)).map((application) => [application.id, application.name]));
    return rows.map((row) => ({
      ...row,
      applicationName: (row.applicationId && names.get(row.applicationId)) || row.clientName,
      scopes: row.scopes as OAuthScope[],
      grantedAt: row.grantedAt.toISOString(),
    }));
  },

  /**
   * Withdraws a consent and ends the refresh-token chains the client holds for the user, in the
   * caller's transaction; answers the chains (whose access tokens the caller then refuses), or
   * undefined when there was no such consent.
   */
  async revoke(db: Db, input: { userId: string; clientId: string }): Promise<string[] | undefined> {
    const [removed] = await db
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.userId, input.userId), eq(oauthConsents.clientId, input.clientId)))
      .returning();
    if (!removed) return undefined;
    const ended = await db
      .update(refreshChains)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshChains.userId, input.userId), eq(refreshChains.clientId, input.clientId), isNull(refreshChains.revokedAt)))
      .returning({ familyId: refreshChains.familyId });
    return ended.map((chain) => chain.familyId);
  },
};
