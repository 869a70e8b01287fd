import { randomUUID } from 'node:crypto';
import { RESET_CODE_RESEND_SECONDS, type ResetToken } from '@portal/contracts';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { randomInt, randomToken, safeEqual, sha256 } from '../../../../platform/crypto.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { passwordResets, users } from '../../tables.ts';
import { badRequest } from '../../../../platform/errors.ts';
import { enqueueMail } from '../../../../platform/mail-jobs.ts';
import type { OutgoingMail } from '../../../../platform/mailer.ts';
import type { SignInPorts } from '../../ports.ts';
import type { UserRow } from '../directory.ts';
import { storeNewPassword } from './new-password.ts';
import { changeAs } from '../../access/containment/change.ts';
import type { PasswordPolicyService } from '../passwords/policy.ts';

export const RESET_LIMITS = {
  codeTtlSeconds: 600,
  maxAttempts: 5,
  /** Per account: a new code at most this often, and at most codesPerHour an hour. */
  resendSeconds: RESET_CODE_RESEND_SECONDS,
  codesPerHour: 5,
};

/** By username first, then by email (usernames may look like addresses); disabled users have no recovery. */
async function findAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.actived, true), or(eq(users.username, account), sql`lower(${users.email}) = lower(${account})`)))
    .limit(2);
  return rows.find((row) => row.username === account) ?? rows[0];
}

/** The code is hashed with its row id, so one table of precomputed hashes does not fit every row. */
const codeHash = (resetId: string, code: string) => sha256(`${resetId}:${code}`);

/**
 * Makes a code for the account and queues the mail carrying it, in the transaction that stores the
 * code: the mail goes out (by a job, retried until the mail server takes it) exactly when the code
 * exists. False when there is nobody to send it to or the account asked too often; the caller
 * answers the same either way, and no longer waits for the mail server, whose delay told which
 * accounts exist.
 */
export async function prepareReset(db: Db, actor: AuditActor, account: string): Promise<boolean> {
  const user = await findAccount(db, account);
  const email = user?.email;
  if (!user || !email) return false;
  const recent = await db
    .select({ createdAt: passwordResets.createdAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - 3600_000))))
    .orderBy(desc(passwordResets.createdAt));
  const last = recent[0]?.createdAt.getTime() ?? 0;
  if (recent.length >= RESET_LIMITS.codesPerHour || Date.now() - last < RESET_LIMITS.resendSeconds * 1000) return false;

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + RESET_LIMITS.codeTtlSeconds * 1000);
  await db.transaction(async (tx) => {
    // Only the newest code counts: earlier ones stop working.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    // The hash binds the code to its row: the id is chosen here so the row is written once.
    const id = randomUUID();
    await tx.insert(passwordResets).values({ id, userId: user.id, channel: 'email', codeHash: codeHash(id, code), expiresAt });
    await recordAudit(tx, actor, {
      action: 'users.password.lost.prepare',
      targetType: 'user',
      targetId: user.id,
      after: { channel: 'email' },
    });
    // A code that has expired before the mail could go out is not worth sending.
    await enqueueMail(tx, resetMail({ name: user.name, username: user.username, email }, code), { notAfter: expiresAt });
  });
  return true;
}

function resetMail(user: { name: string; username: string; email: string }, code: string): OutgoingMail {
  return {
    to: user.email,
    subject: 'Your password reset code',
    text: [
      `Hello ${user.name},`,
      '',
      `Your code to reset the password of the account "${user.username}" is ${code}`,
      `It works for ${RESET_LIMITS.codeTtlSeconds / 60} minutes.`,
      '',
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

const wrongCode = () => badRequest('The code is wrong or has expired: ask for a new one if needed', { field: 'code' });

/** Exchanges the emailed code for a reset token; each code allows a few attempts only. */
export async function validateResetCode(db: Db, actor: AuditActor, input: { account: string; code: string }): Promise<ResetToken> {
  const user = await findAccount(db, input.account);
  if (!user) throw wrongCode();
  const token = await db.transaction(async (tx) => {
    // The attempt is counted before the comparison, atomically, so parallel guesses cannot exceed the limit.
    const [attempt] = await tx
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(
        and(
          eq(passwordResets.userId, user.id),
          isNull(passwordResets.usedAt),
          isNull(passwordResets.resetTokenHash),
          gt(passwordResets.expiresAt, new Date()),
          lt(passwordResets.attempts, RESET_LIMITS.maxAttempts),
        ),
      )
      .returning();
    if (!attempt) return undefined;
    const ok = safeEqual(attempt.codeHash, codeHash(attempt.id, input.code));
    const resetToken = ok ? randomToken() : undefined;
    if (resetToken) {
      await tx
        .update(passwordResets)
        .set({ resetTokenHash: sha256(resetToken), expiresAt: new Date(Date.now() + RESET_LIMITS.codeTtlSeconds * 1000) })
        .where(eq(passwordResets.id, attempt.id));
    }
    await recordAudit(tx, actor, {
      action: 'users.password.lost.validate',
      targetType: 'user',
      targetId: user.id,
      after: { ok, attempts: attempt.attempts },
    });
    return resetToken;
  });
  if (!token) throw wrongCode();
  return { reset_token: token, expires_in: RESET_LIMITS.codeTtlSeconds };
}

const badResetToken = () =>
  badRequest('The reset token is not valid, has expired or has already been used: start the recovery again', { field: 'reset_token' });

/**
 * Sets the new password with a reset token (once): clears the expired flag and the sign-in lockout
 * and ends every session. Returns the user and the chains whose access tokens must now be refused.
 */
export async function resetPassword(
  deps: { signIn: SignInPorts; db: Db; passwords: PasswordPolicyService },
  actor: AuditActor,
  input: { resetToken: string; password: string },
) {
  const { signIn, db } = deps;
  const tokenHash = sha256(input.resetToken);
  const usable = and(eq(passwordResets.resetTokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
  const [pending] = await db
    .select({ userId: users.id, username: users.username })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(usable);
  if (!pending) throw badResetToken();
  // The whole policy, history included: recovery is no way back to an earlier password.
  const password = await deps.passwords.accept({ password: input.password, username: pending.username, userId: pending.userId });
  // The account's owner acts, proven by the code sent to them.
  return changeAs(db, { actorId: pending.userId }, async (tx) => {
    // Spent atomically: of two concurrent uses, one finds it already used.
    const [reset] = await tx.update(passwordResets).set({ usedAt: new Date() }).where(usable).returning();
    if (!reset) throw badResetToken();
    const [user] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, reset.userId));
    if (!user) throw badResetToken();
    await signIn.clearFailures(tx, user.username);
    const revoked = await storeNewPassword(signIn.sessions, tx, actor, {
      userId: user.id,
      password,
      action: 'users.password.reset',
      after: { lockCleared: true },
    });
    return { userId: user.id, familyIds: revoked.familyIds };
  });
}
