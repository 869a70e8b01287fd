import type { AccountSession } from '@portal/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { refreshChains, signInSessions } from '../../../../platform/db/schema.ts';
import { notFound } from '../../../../platform/errors.ts';
import { revokeSession } from '../../../reception-center/sessions/revoke.ts';
import { revokeUserSessions } from './sessions.ts';
import { changeAs } from '../../access/containment/change.ts';

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

/**
 * Signs one of the user's own sessions out: the session and its token chains end. Another user's
 * session, or one already ended, is not found. Returns the chains whose access tokens must be refused.
 */
export async function revokeOwnSession(db: Db, actor: AuditActor, input: { userId: string; sessionId: string }): Promise<string[]> {
  return changeAs(db, { actorId: input.userId }, async (tx) => {
    const revoked = await revokeSession(tx, input);
    if (!revoked.found) throw notFound('The session');
    await recordAudit(tx, actor, {
      action: 'users.sessions.revoke',
      targetType: 'user',
      targetId: input.userId,
      after: { sessionId: input.sessionId },
    });
    return revoked.familyIds;
  });
}

/** Signs out every session of the user but the current one. */
export async function revokeOtherSessions(
  db: Db,
  actor: AuditActor,
  input: { userId: string; currentSessionId: string },
): Promise<{ revoked: number; familyIds: string[] }> {
  return changeAs(db, { actorId: input.userId }, async (tx) => {
    const revoked = await revokeUserSessions(tx, input.userId, input.currentSessionId);
    await recordAudit(tx, actor, {
      action: 'users.sessions.revokeOthers',
      targetType: 'user',
      targetId: input.userId,
      after: { sessionsRevoked: revoked.sessions },
    });
    return { revoked: revoked.sessions, familyIds: revoked.familyIds };
  });
}
