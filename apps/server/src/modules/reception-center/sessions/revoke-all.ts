import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, revokedFamilies, signInSessions } from '../tables.ts';

/**
 * Ends every sign-in session of a user and every refresh-token chain issued to them, inside the
 * caller's transaction. The chains' families are recorded as revoked in the same transaction, so an
 * instance starting later refuses their access tokens too; the caller announces them to the running
 * instances after the commit (AccessTokens.revokeFamilies). Returns the families revoked.
 */
export async function revokeSessionsOf(tx: Db, userId: string): Promise<string[]> {
  const now = new Date();
  await tx
    .update(signInSessions)
    .set({ revokedAt: now })
    .where(and(eq(signInSessions.userId, userId), isNull(signInSessions.revokedAt)));
  const chains = await tx
    .update(refreshChains)
    .set({ revokedAt: now })
    // Through the user's sessions, so both indexed look-ups serve it (refresh_chains is indexed by session).
    .where(
      and(
        inArray(
          refreshChains.sessionId,
          tx.select({ id: signInSessions.id }).from(signInSessions).where(eq(signInSessions.userId, userId)),
        ),
        isNull(refreshChains.revokedAt),
      ),
    )
    .returning({ familyId: refreshChains.familyId });
  const families = [...new Set(chains.map((chain) => chain.familyId))];
  if (families.length > 0) {
    await tx
      .insert(revokedFamilies)
      .values(families.map((familyId) => ({ familyId })))
      .onConflictDoNothing();
  }
  return families;
}
