import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInFailures } from '../../../platform/db/schema.ts';

/** Defaults until system settings make them configurable. */
export const SIGN_IN_LIMITS = {
  /** Failures on one account before its sign-ins need a captcha. */
  captchaAfter: 3,
  /**
   * Failures from one address, across accounts, before its sign-ins need a captcha. Higher than the
   * account's: a whole office may share one address, and three typos by anyone there should not
   * put a captcha in front of everyone; a guesser trying many accounts still meets it soon.
   */
  captchaAfterFromAddress: 10,
  lockAccountAfter: 10,
  lockAddressAfter: 30,
  lockMinutes: 15,
  /** Failures older than this are forgotten. */
  windowMinutes: 15,
};

export interface FailureState {
  captchaRequired: boolean;
  lockedForSeconds: number;
}

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

/** Sign-in failures counted per account and per address; the account need not exist. */
export function createFailureCounter(db: Db, limits = SIGN_IN_LIMITS) {
  async function state(username: string, ip: string): Promise<FailureState> {
    const rows = await db
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.key, [accountKey(username), addressKey(ip)]));
    const now = Date.now();
    const windowStart = now - limits.windowMinutes * 60_000;
    let captchaRequired = false;
    let lockedForSeconds = 0;
    for (const row of rows) {
      const captchaAfter = row.key.startsWith('ip:') ? limits.captchaAfterFromAddress : limits.captchaAfter;
      if (row.lockedUntil && row.lockedUntil.getTime() > now) {
        lockedForSeconds = Math.max(lockedForSeconds, Math.ceil((row.lockedUntil.getTime() - now) / 1000));
      }
      if (row.lastAt.getTime() > windowStart && row.count >= captchaAfter) captchaRequired = true;
    }
    return { captchaRequired, lockedForSeconds };
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    const windowStart = new Date(Date.now() - limits.windowMinutes * 60_000);
    const lockUntil = new Date(Date.now() + limits.lockMinutes * 60_000);
    for (const [key, lockAfter] of [
      [accountKey(username), limits.lockAccountAfter],
      [addressKey(ip), limits.lockAddressAfter],
    ] as const) {
      const count = sql`case when ${signInFailures.lastAt} < ${windowStart} then 1 else ${signInFailures.count} + 1 end`;
      await db
        .insert(signInFailures)
        .values({ key, count: 1 })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            count,
            lastAt: new Date(),
            lockedUntil: sql`case when (${count}) >= ${lockAfter} then ${lockUntil}::timestamptz else ${signInFailures.lockedUntil} end`,
          },
        });
    }
  }

  async function clearAccount(username: string): Promise<void> {
    await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(username)));
  }

  return { state, recordFailure, clearAccount };
}

export type FailureCounter = ReturnType<typeof createFailureCounter>;
