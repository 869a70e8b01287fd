import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../tables.ts';

export interface RevokedSession {
  /** Whether a session matched; when none did, nothing was touched. */
  found: boolean;
  /** Chains whose access tokens must be refused once the transaction has committed. */
  familyIds: string[];
}

/**
 * Ends a sign-in session and its open refresh-token chains inside the caller's transaction.
 * With `userId`, only that user's session still in force matches (a user signing out one of their
 * own sessions); without it the session ends whatever its state, so a sign-out that found the
 * session through a refresh token still ends that token's chain.
 */
export async function revokeSession(tx: Db, target: { sessionId: string; userId?: string }): Promise<RevokedSession> {
  const now = new Date();
  const s = signInSessions;
  const inForceForUser = target.userId ? and(eq(s.userId, target.userId), isNull(s.revokedAt), gt(s.expiresAt, now)) : undefined;
  const sessions = await tx
    .update(s)
    .set({ revokedAt: now })
    .where(and(eq(s.id, target.sessionId), inForceForUser))
    .returning({ id: s.id });
  if (sessions.length === 0) return { found: false, familyIds: [] };
  const chains = await tx
    .update(refreshChains)
    .set({ revokedAt: now })
    .where(and(eq(refreshChains.sessionId, target.sessionId), isNull(refreshChains.revokedAt)))
    .returning({ familyId: refreshChains.familyId });
  return { found: true, familyIds: chains.map((chain) => chain.familyId) };
}
