import { and, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { randomInt, sha256 } from '../../../platform/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors.ts';
import type { UserRow } from '../../permission/index.ts';
import { smsSignInCodes } from '../tables.ts';

/** How long a code may be used. */
export const SMS_CODE_TTL_MINUTES = 5;
/** One code per phone number per this many seconds. */
export const SMS_CODE_INTERVAL_SECONDS = 60;
/** Wrong tries one code survives. */
export const SMS_CODE_MAX_FAILURES = 5;
/** Rows older than this (rate-limit marks of unknown numbers, unused codes) are deleted when a code is asked for. */
const FORGET_AFTER_HOURS = 24;

/** A phone number as compared: without spaces and dashes. */
export const normalisePhone = (phone: string) => phone.replace(/[ -]/g, '');

const codeHashOf = (userId: string, code: string) => sha256(`${userId}:${code}`);

export const wrongSmsCode = () =>
  new AppError('SMS_CODE_INVALID', 'The code is wrong or has already been used: check it, or ask for a new one', { field: 'code' });
export const expiredSmsCode = () =>
  new AppError('SMS_CODE_INVALID', 'The code has expired: ask for a new one', { field: 'code', expired: true });

const tooSoon = (seconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `A code was sent to this number a moment ago. Try again in ${seconds} second(s).`,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );

/** What a new code is handed to: the SMS is queued in the same transaction as the code is stored. */
export type SendCode = (tx: Db, code: { user: UserRow; phone: string; code: string; expiresAt: Date }) => Promise<void>;

/**
 * Sign-in codes sent by SMS, one live code per phone number, kept as a hash bound to the user. A
 * number without an active user gets the same answer and the same once-a-minute limit, and no code.
 */
export function createSmsCodes(db: Db) {
  /**
   * Issues a code for the number (to `user` if it is theirs), or 429 while the last one is under a
   * minute old. Storing it and queuing its SMS (`send`) commit together.
   */
  async function issue(phone: string, user: UserRow | undefined, send: SendCode): Promise<void> {
    const now = Date.now();
    const expiresAt = new Date(now + SMS_CODE_TTL_MINUTES * 60_000);
    const code = user ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
    const values = {
      phone,
      userId: user?.id ?? null,
      codeHash: user && code ? codeHashOf(user.id, code) : null,
      failedAttempts: 0,
      sentAt: new Date(now),
      expiresAt,
    };
    await transaction(db, async (tx) => {
      await tx.delete(smsSignInCodes).where(lt(smsSignInCodes.sentAt, new Date(now - FORGET_AFTER_HOURS * 3_600_000)));
      const earliest = new Date(now - SMS_CODE_INTERVAL_SECONDS * 1000);
      // Replaces the last code only when it is old enough: two requests at once send one code.
      const [stored] = await tx
        .insert(smsSignInCodes)
        .values(values)
        .onConflictDoUpdate({ target: smsSignInCodes.phone, set: values, setWhere: lte(smsSignInCodes.sentAt, earliest) })
        .returning({ phone: smsSignInCodes.phone });
      if (!stored) {
        const [last] = await tx.select({ sentAt: smsSignInCodes.sentAt }).from(smsSignInCodes).where(eq(smsSignInCodes.phone, phone));
        const wait = last ? Math.ceil((last.sentAt.getTime() + SMS_CODE_INTERVAL_SECONDS * 1000 - now) / 1000) : 1;
        throw tooSoon(Math.max(1, wait));
      }
      if (user && code) await send(tx, { user, phone, code, expiresAt });
    });
  }

  /** Whose code the number has, if it has one (live or expired). */
  async function holder(phone: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: smsSignInCodes.userId })
      .from(smsSignInCodes)
      .where(and(eq(smsSignInCodes.phone, phone), isNotNull(smsSignInCodes.codeHash)));
    return row?.userId ?? undefined;
  }

  /**
   * Spends the number's code if `code` is it and it is live ('ok', once, for one request); says
   * 'expired' only to whoever gives the right code. A wrong code counts against it; the fifth
   * wrong one voids it.
   */
  async function consume(phone: string, userId: string, code: string): Promise<'ok' | 'expired' | 'wrong'> {
    const mine = and(
      eq(smsSignInCodes.phone, phone),
      eq(smsSignInCodes.userId, userId),
      eq(smsSignInCodes.codeHash, codeHashOf(userId, code)),
    );
    const [spent] = await db
      .update(smsSignInCodes)
      .set({ codeHash: null })
      .where(and(mine, gt(smsSignInCodes.expiresAt, new Date())))
      .returning({ phone: smsSignInCodes.phone });
    if (spent) return 'ok';
    const [expired] = await db.select({ phone: smsSignInCodes.phone }).from(smsSignInCodes).where(mine);
    if (expired) return 'expired';
    const failed = sql`${smsSignInCodes.failedAttempts} + 1`;
    await db
      .update(smsSignInCodes)
      .set({
        failedAttempts: failed,
        codeHash: sql`case when ${failed} >= ${SMS_CODE_MAX_FAILURES} then null else ${smsSignInCodes.codeHash} end`,
      })
      .where(and(eq(smsSignInCodes.phone, phone), isNotNull(smsSignInCodes.codeHash)));
    return 'wrong';
  }

  return { issue, holder, consume };
}

export type SmsCodes = ReturnType<typeof createSmsCodes>;
