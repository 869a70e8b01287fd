import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../tables.ts';
import { isUuid } from '../../../platform/uuid.ts';

export interface RevokedSessions {
  sessions: number;
  /** Chains whose access tokens must be refused once the transaction has committed. */
  familyIds: string[];
}

/**
 * Ends a user's sign-in sessions and refresh-token chains inside the caller's transaction, all of
 * them or all but `keepSessionId` (the session that made the change stays signed in).
 */
export async function revokeUserSessions(tx: Db, userId: string, keepSessionId?: string): Promise<RevokedSessions> {
  const now = new Date();
  const keep = keepSessionId && isUuid(keepSessionId) ? keepSessionId : undefined;
  const otherThanKept = (column: typeof signInSessions.id | typeof refreshChains.sessionId): SQL | undefined =>
    keep ? ne(column, keep) : undefined;
  const sessions = await tx
    .update(signInSessions)
    .set({ revokedAt: now })
    .where(and(eq(signInSessions.userId, userId), isNull(signInSessions.revokedAt), otherThanKept(signInSessions.id)))
    .returning({ id: signInSessions.id });
  const chains = await tx
    .update(refreshChains)
    .set({ revokedAt: now })
    .where(and(eq(refreshChains.userId, userId), isNull(refreshChains.revokedAt), otherThanKept(refreshChains.sessionId)))
    .returning({ familyId: refreshChains.familyId });
  return { sessions: sessions.length, familyIds: chains.map((row) => row.familyId) };
}
