import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import type { UserRow } from '../directory.ts';
import { totpAuthenticators, users } from '../../tables.ts';
import { changeAs } from '../../access/containment/change.ts';
import { enforceContainment } from '../../access/containment/check.ts';
import { assertNotSelf, lockUser, type Caller, type UserAdminDeps } from './context.ts';
import { auditView } from './views.ts';

/** Switches a (locked) user's state when it differs, with its audit entry. */
async function switchActived(tx: Db, caller: Caller, before: UserRow, actived: boolean): Promise<void> {
  if (before.actived === actived) return;
  const [after] = await tx.update(users).set({ actived, updatedAt: new Date() }).where(eq(users.id, before.id)).returning();
  await recordAudit(tx, caller.actor, {
    action: actived ? 'users.activate' : 'users.disable',
    targetType: 'user',
    targetId: before.id,
    before: auditView(before),
    after: after && auditView(after),
  });
}

/** POST /users/{id}/actived. */
export async function activateUser(deps: UserAdminDeps, caller: Caller, userId: string): Promise<void> {
  await changeAs(deps.db, caller.actor, async (tx) => switchActived(tx, caller, await lockUser(tx, userId), true));
}

/**
 * DELETE /users/{id}/actived: the user can no longer sign in, and what they hold stops working now:
 * their sessions and refresh-token chains are revoked, and so the access tokens of those chains.
 */
export async function disableUser(deps: UserAdminDeps, caller: Caller, userId: string): Promise<void> {
  assertNotSelf(caller, userId, 'disable');
  const families = await changeAs(deps.db, caller.actor, async (tx) => {
    await switchActived(tx, caller, await lockUser(tx, userId), false);
    // Also when already disabled: a session started before could still be live.
    return deps.sessions.revokeAll(tx, userId);
  });
  await deps.revokeFamilies(families);
}

/** DELETE /users/{userId}/lock: forgets the sign-in failures that locked the account. */
export async function unlockUser(deps: UserAdminDeps, caller: Caller, userId: string): Promise<void> {
  await changeAs(deps.db, caller.actor, async (tx) => {
    const user = await lockUser(tx, userId);
    const counter = await deps.clearFailures(tx, user.username);
    await recordAudit(tx, caller.actor, {
      action: 'users.unlock',
      targetType: 'user',
      targetId: userId,
      before: counter ? { failures: counter.count, lockedUntil: counter.lockedUntil } : null,
      after: null,
    });
  });
}

/**
 * DELETE /users/{userId}/totp: for a user who lost their authenticator app, sign-in goes back to the
 * password alone (they may set up a new app afterwards). Whether one was set up is in the audit entry.
 */
export async function resetUserTotp(deps: UserAdminDeps, caller: Caller, userId: string): Promise<void> {
  await changeAs(deps.db, caller.actor, async (tx) => {
    await lockUser(tx, userId);
    const removed = await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId)).returning();
    await recordAudit(tx, caller.actor, {
      action: 'users.totp.reset',
      targetType: 'user',
      targetId: userId,
      before: { enrolled: Boolean(removed[0]?.confirmedAt) },
      after: { enrolled: false },
    });
  });
}

/**
 * PATCH /users/{id}/password: an administrator sets a password the user must change at the next
 * sign-in; every session of the user ends, so whoever held the old password is signed out.
 */
export async function setUserPassword(deps: UserAdminDeps, caller: Caller, userId: string, password: string): Promise<void> {
  const families = await changeAs(deps.db, caller.actor, async (tx) => {
    const target = await lockUser(tx, userId);
    // Only an administrator who may act on the user learns anything of their passwords (the history rule).
    await enforceContainment(tx, caller.userId);
    // The same policy as the user's own choice, history included, so a reset is no way back to an old password.
    const accepted = await deps.passwords.accept({ password, username: target.username, userId }, tx);
    await tx
      .update(users)
      .set({ ...accepted.columns(true), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await accepted.remember(tx, userId);
    await recordAudit(tx, caller.actor, {
      action: 'users.password.reset',
      targetType: 'user',
      targetId: userId,
      after: { passwordExpired: true, sessionsRevoked: true },
    });
    return deps.sessions.revokeAll(tx, userId);
  });
  await deps.revokeFamilies(families);
}
