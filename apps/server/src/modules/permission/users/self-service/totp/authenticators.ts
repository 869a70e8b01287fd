import { TOTP, type TotpEnrolment, type TotpStatus } from '@portal/contracts';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../../platform/audit.ts';
import type { Db } from '../../../../../platform/db/client.ts';
import { totpAuthenticators } from '../../../tables.ts';
import { AppError, badRequest } from '../../../../../platform/errors.ts';
import { consumeMfaToken } from '../mfa-tokens.ts';
import type { SecretBox } from '../../../../reception-center/index.ts';
import { base32Encode, matchingStep, newTotpSecret, otpauthUrl } from './totp.ts';
import { changeAs } from '../../../access/containment/change.ts';

/** How long a started enrolment waits for its confirming code. */
export const ENROLMENT_TTL_SECONDS = 600;

export const wrongCode = () => new AppError('TOTP_INVALID', 'The authentication code is wrong or has already been used', { field: 'code' });

type Row = typeof totpAuthenticators.$inferSelect;

/**
 * The TOTP second factor of each user: enrolment (start with a fresh secret, confirm with a code),
 * removal, and checking a code. A code is accepted once: its time step is recorded, and a code of
 * that step or an earlier one is refused afterwards, so an observed code cannot be replayed.
 */
/** `issuer`: the name the authenticator app shows beside the account (the system's configured name). */
export function createAuthenticators(deps: { db: Db; box: SecretBox; issuer: () => Promise<string>; now?: () => number }) {
  const { db, box, issuer } = deps;
  const now = deps.now ?? (() => Date.now());

  const confirmedRow = async (userId: string): Promise<Row | undefined> =>
    (
      await db
        .select()
        .from(totpAuthenticators)
        .where(and(eq(totpAuthenticators.userId, userId), isNotNull(totpAuthenticators.confirmedAt)))
        .limit(1)
    )[0];

  async function status(userId: string): Promise<TotpStatus> {
    const row = await confirmedRow(userId);
    return { enrolled: !!row, enrolledAt: row?.confirmedAt?.toISOString() ?? null };
  }

  const isEnrolled = async (userId: string): Promise<boolean> => !!(await confirmedRow(userId));

  /** A new pending secret (replacing any earlier pending one); refused while one is confirmed. */
  async function startEnrolment(actor: AuditActor, input: { userId: string; account: string; mfaToken: string }): Promise<TotpEnrolment> {
    const secret = newTotpSecret();
    await changeAs(db, { actorId: input.userId }, async (tx) => {
      await consumeMfaToken(tx, { token: input.mfaToken, userId: input.userId, purpose: 'totp' });
      const [current] = await tx.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, input.userId)).for('update');
      if (current?.confirmedAt) {
        throw new AppError('CONFLICT', 'An authenticator app is already set up: remove it before setting up another');
      }
      const values = { secretSealed: box.seal(secret, input.userId), confirmedAt: null, lastUsedStep: null, createdAt: new Date(now()) };
      await tx
        .insert(totpAuthenticators)
        .values({ userId: input.userId, ...values })
        .onConflictDoUpdate({ target: totpAuthenticators.userId, set: values });
      await recordAudit(tx, actor, { action: 'users.totp.start', targetType: 'user', targetId: input.userId });
    });
    const encoded = base32Encode(secret);
    return {
      secret: encoded,
      otpauthUrl: otpauthUrl({ issuer: await issuer(), account: input.account, secret: encoded }),
      expiresIn: ENROLMENT_TTL_SECONDS,
    };
  }

  /** Confirms the pending enrolment with a code from the app: from now on sign-in asks for codes. */
  async function confirm(actor: AuditActor, input: { userId: string; code: string }): Promise<TotpStatus> {
    return changeAs(db, { actorId: input.userId }, async (tx) => {
      const [row] = await tx.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, input.userId)).for('update');
      if (row?.confirmedAt) throw new AppError('CONFLICT', 'The authenticator app is already set up');
      const started = row?.createdAt.getTime() ?? 0;
      if (!row || started + ENROLMENT_TTL_SECONDS * 1000 < now()) {
        throw badRequest('No set-up is in progress, or it has expired: start again', { field: 'code' });
      }
      const step = matchingStep(box.open(row.secretSealed, input.userId), input.code, now());
      if (step === undefined) throw wrongCode();
      const confirmedAt = new Date(now());
      await tx.update(totpAuthenticators).set({ confirmedAt, lastUsedStep: step }).where(eq(totpAuthenticators.userId, input.userId));
      await recordAudit(tx, actor, { action: 'users.totp.enrol', targetType: 'user', targetId: input.userId, after: { enrolled: true } });
      return { enrolled: true, enrolledAt: confirmedAt.toISOString() };
    });
  }

  /** Removes the authenticator (confirmed or pending); sign-in goes back to the password alone. */
  async function remove(actor: AuditActor, input: { userId: string; mfaToken: string }): Promise<void> {
    await changeAs(db, { actorId: input.userId }, async (tx) => {
      await consumeMfaToken(tx, { token: input.mfaToken, userId: input.userId, purpose: 'totp' });
      const removed = await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, input.userId)).returning();
      if (!removed[0]?.confirmedAt) throw new AppError('NOT_FOUND', 'No authenticator app is set up for this account');
      await recordAudit(tx, actor, { action: 'users.totp.remove', targetType: 'user', targetId: input.userId, before: { enrolled: true } });
    });
  }

  /**
   * Whether the code is right for the user's confirmed authenticator and not used before. Spending
   * the step is one conditional update, so two requests racing with one code cannot both pass.
   */
  async function verify(userId: string, code: string): Promise<boolean> {
    const row = await confirmedRow(userId);
    if (!row || !TOTP_CODE.test(code)) return false;
    const step = matchingStep(box.open(row.secretSealed, userId), code, now());
    if (step === undefined) return false;
    const t = totpAuthenticators;
    const spent = await db
      .update(t)
      .set({ lastUsedStep: step })
      .where(and(eq(t.userId, userId), isNotNull(t.confirmedAt), or(isNull(t.lastUsedStep), lt(t.lastUsedStep, step))))
      .returning({ userId: t.userId });
    return spent.length > 0;
  }

  return { status, isEnrolled, startEnrolment, confirm, remove, verify };
}

const TOTP_CODE = new RegExp(`^[0-9]{${TOTP.digits}}$`);

export type Authenticators = ReturnType<typeof createAuthenticators>;
