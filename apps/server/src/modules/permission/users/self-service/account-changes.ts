import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { users } from '../../tables.ts';
import { notFound } from '../../../../platform/errors.ts';
import type { UserRow } from '../directory.ts';
import { assertFree, mapUniqueViolation, normaliseEmail, normalisePhone } from './account-rules.ts';
import { consumeMfaToken } from './mfa-tokens.ts';
import { storeNewPassword } from './new-password.ts';
import type { SignInSessions } from '../../ports.ts';
import { changeAs } from '../../access/containment/change.ts';
import type { PasswordPolicyService } from '../passwords/policy.ts';

/** The user as stored now (not the directory's cached copy: these checks need the current hash). */
export async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('The user');
  return user;
}

interface MfaChange {
  userId: string;
  mfaToken: string;
}

/** The contact fields a user changes for themselves, each stored in its normalised form. */
const CONTACT_NORMALISERS = { email: normaliseEmail, phone: normalisePhone };
export type ContactField = keyof typeof CONTACT_NORMALISERS;

/** Changes the user's email or phone, spending an MFA token issued for that field; a taken value is a 409. */
export async function changeOwnContact(
  db: Db,
  actor: AuditActor,
  field: ContactField,
  input: MfaChange & { value: string },
): Promise<void> {
  const value = CONTACT_NORMALISERS[field](input.value);
  await mapUniqueViolation(() =>
    changeAs(db, { actorId: input.userId }, async (tx) => {
      await consumeMfaToken(tx, { token: input.mfaToken, userId: input.userId, purpose: field });
      await assertFree(tx, field, value, input.userId);
      const before = await loadUser(tx, input.userId);
      await tx
        .update(users)
        .set({ [field]: value, updatedAt: new Date() })
        .where(eq(users.id, input.userId));
      await recordAudit(tx, actor, {
        action: `users.${field}.update`,
        targetType: 'user',
        targetId: input.userId,
        before: { [field]: before[field] },
        after: { [field]: value },
      });
    }),
  );
}

/**
 * Sets a new password and signs the user out everywhere else: the calling session stays, every
 * other session and token chain ends. Returns the chains whose access tokens must now be refused.
 */
export async function changeOwnPassword(
  deps: { sessions: SignInSessions; db: Db; passwords: PasswordPolicyService },
  actor: AuditActor,
  input: MfaChange & { password: string; sessionId: string },
): Promise<string[]> {
  const { sessions, db } = deps;
  const user = await loadUser(db, input.userId);
  const password = await deps.passwords.accept({ password: input.password, username: user.username, userId: user.id });
  return changeAs(db, { actorId: input.userId }, async (tx) => {
    await consumeMfaToken(tx, { token: input.mfaToken, userId: input.userId, purpose: 'password' });
    const revoked = await storeNewPassword(sessions, tx, actor, {
      userId: input.userId,
      password,
      keepSessionId: input.sessionId,
      action: 'users.password.update',
      before: { passwordExpired: user.passwordExpired },
    });
    return revoked.familyIds;
  });
}
