import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import type { RevokedSessions } from '../../../reception-center/index.ts';
import type { SignInSessions } from '../../ports.ts';
import type { AcceptedPassword } from '../passwords/policy.ts';

export interface NewPassword {
  userId: string;
  /** Checked against the policy and hashed (PasswordPolicyService.accept). */
  password: AcceptedPassword;
  /** The session that made the change stays signed in; without it, every session ends. */
  keepSessionId?: string;
  action: 'users.password.update' | 'users.password.reset';
  /** Recorded beside the change (e.g. the expired flag before it, a cleared lock). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Stores a user's new password (no longer expired) and signs them out elsewhere, with its audit
 * entry, inside the caller's transaction: whoever held the old password loses its sessions. Every
 * way of replacing one's password (with the current one, after an mfa step, by a mailed code) ends here.
 */
export async function storeNewPassword(sessions: SignInSessions, tx: Db, actor: AuditActor, change: NewPassword): Promise<RevokedSessions> {
  await tx
    .update(users)
    .set({ ...change.password.columns(false), updatedAt: new Date() })
    .where(eq(users.id, change.userId));
  await change.password.remember(tx, change.userId);
  const revoked = await sessions.revokeAllBut(tx, change.userId, change.keepSessionId);
  await recordAudit(tx, actor, {
    action: change.action,
    targetType: 'user',
    targetId: change.userId,
    ...(change.before ? { before: change.before } : {}),
    after: { passwordExpired: false, sessionsRevoked: revoked.sessions, ...change.after },
  });
  return revoked;
}
