import type { AccountSession } from '@portal/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../tables.ts';

/** More than anyone has open at once; the newest are listed. */
const LIST_LIMIT = 200;

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The user's sessions that are neither revoked nor expired, newest first, with when each was last refreshed. */
export async function listOwnSessions(db: Db, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const s = signInSessions;
  const rows = await db
    .select({
      id: s.id,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      ip: s.ip,
      userAgent: s.userAgent,
      remember: s.remember,
      lastUsedAt: sql<Date | string | null>`max(${refreshChains.rotatedAt})`,
    })
    .from(s)
    .leftJoin(refreshChains, eq(refreshChains.sessionId, s.id))
    .where(and(eq(s.userId, userId), isNull(s.revokedAt), gt(s.expiresAt, new Date())))
    .groupBy(s.id)
    .orderBy(desc(s.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: toIso(row.lastUsedAt),
    current: row.id === currentSessionId,
  }));
}
