import type { AccountSession, AuthSettings } from '@portal/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../tables.ts';
import { inForce } from './in-force.ts';

/** More than anyone has open at once; the newest are listed. */
const LIST_LIMIT = 200;

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The user's sessions in force under the auth settings, newest first, with when each was last refreshed. */
export async function listOwnSessions(db: Db, userId: string, currentSessionId: string, auth: AuthSettings): Promise<AccountSession[]> {
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
    .where(and(eq(s.userId, userId), inForce(auth)))
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
