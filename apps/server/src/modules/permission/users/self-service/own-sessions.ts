import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { notFound } from '../../../../platform/errors.ts';
import type { SignInSessions } from '../../ports.ts';
import { changeAs } from '../../access/containment/change.ts';

/**
 * Signs one of the user's own sessions out: the session and its token chains end. Another user's
 * session, or one already ended, is not found. Returns the chains whose access tokens must be refused.
 */
export async function revokeOwnSession(
  sessions: SignInSessions,
  db: Db,
  actor: AuditActor,
  input: { userId: string; sessionId: string },
): Promise<string[]> {
  return changeAs(db, { actorId: input.userId }, async (tx) => {
    const revoked = await sessions.revokeOne(tx, input);
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
  sessions: SignInSessions,
  db: Db,
  actor: AuditActor,
  input: { userId: string; currentSessionId: string },
): Promise<{ revoked: number; familyIds: string[] }> {
  return changeAs(db, { actorId: input.userId }, async (tx) => {
    const revoked = await sessions.revokeAllBut(tx, input.userId, input.currentSessionId);
    await recordAudit(tx, actor, {
      action: 'users.sessions.revokeOthers',
      targetType: 'user',
      targetId: input.userId,
      after: { sessionsRevoked: revoked.sessions },
    });
    return { revoked: revoked.sessions, familyIds: revoked.familyIds };
  });
}
