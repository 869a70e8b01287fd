import { DEFAULT_SETTINGS, type AuthSettings, type SafeSettings } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInFailures } from '../tables.ts';

/** The limits no setting changes. */
export const SIGN_IN_LIMITS = {
  /**
   * Failures from one address, across accounts, before its sign-ins need a captcha. Higher than the
   * account's: a whole office may share one address, and three typos by anyone there should not
   * put a captcha in front of everyone; a guesser trying many accounts still meets it soon.
   */
  captchaAfterFromAddress: 10,
  /** Failures made with one device cookie before that browser is locked out (device-cookie.ts). */
  lockDeviceAfter: 10,
  lockAddressAfter: 30,
  /** Failures older than this are forgotten. */
  windowMinutes: 15,
};

/** The limits of one account, from the settings: read at each use, so a change holds from the next sign-in. */
export interface AccountLimits {
  /** Failures on one account (or made with one device cookie) before its sign-ins need a captcha (auth.captchaAfterFailures). */
  captchaAfter: number;
  /**
   * Failures on one account from browsers without its device cookie before they are all locked out,
   * and on one account from one address (counted apart from the account's so that the owner's
   * success, which starts the account's count again, does not also give the guesser there a fresh
   * allowance): safe.lockout.afterFailures.
   */
  lockAccountAfter: number;
  /** How long every lock lasts (safe.lockout.minutes). */
  lockMinutes: number;
}

export const accountLimitsOf = (auth: AuthSettings, safe: SafeSettings): AccountLimits => ({
  captchaAfter: auth.captchaAfterFailures,
  lockAccountAfter: safe.lockout.afterFailures,
  lockMinutes: safe.lockout.minutes,
});

/** The limits while no settings were saved (the portal's behaviour before settings existed). */
export const DEFAULT_ACCOUNT_LIMITS = accountLimitsOf(DEFAULT_SETTINGS.auth, DEFAULT_SETTINGS.safe);

export interface FailureState {
  captchaRequired: boolean;
  lockedForSeconds: number;
}

type Row = typeof signInFailures.$inferSelect;

const accountKey = (username: string) => `user:${username.toLowerCase()}`;
// The address first: it never holds the separator, while a username might.
const pairKey = (username: string, ip: string) => `user-ip:${ip}|${username.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;
const deviceKey = (device: string) => `device:${device}`;

/**
 * Sign-in failures; the account need not exist. A browser with a valid device cookie for the
 * account (`device`, see device-cookie.ts) is trusted: only the failures made with that cookie
 * lock it out, so strangers cannot lock the owner out of the browser they use. Everyone else is
 * untrusted and counted per account, per account and address, and per address, as OWASP's
 * "lockout for untrusted clients" has it.
 */
export function createFailureCounter(db: Db, accountLimits: () => Promise<AccountLimits>) {
  const fixed = SIGN_IN_LIMITS;

  async function rowsOf(keys: string[]): Promise<Map<string, Row>> {
    const rows = await db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
    return new Map(rows.map((row) => [row.key, row]));
  }

  async function state(username: string, ip: string, device?: string): Promise<FailureState> {
    const limits = await accountLimits();
    const keys = device
      ? { lock: [deviceKey(device)], captcha: [[deviceKey(device), limits.captchaAfter]] as const }
      : {
          lock: [accountKey(username), pairKey(username, ip), addressKey(ip)],
          captcha: [
            [accountKey(username), limits.captchaAfter],
            [pairKey(username, ip), limits.captchaAfter],
          ] as const,
        };
    const rows = await rowsOf([...new Set([...keys.lock, addressKey(ip)])]);
    const now = Date.now();
    const windowStart = now - fixed.windowMinutes * 60_000;
    const recent = (row: Row | undefined, after: number) => !!row && row.lastAt.getTime() > windowStart && row.count >= after;
    const captchaRequired =
      recent(rows.get(addressKey(ip)), fixed.captchaAfterFromAddress) || keys.captcha.some(([key, after]) => recent(rows.get(key), after));
    let lockedForSeconds = 0;
    for (const key of keys.lock) {
      const lockedUntil = rows.get(key)?.lockedUntil?.getTime() ?? 0;
      // A pair's lock holds while the account has a count: an administrator's unlock or a recovered
      // password (which delete that count) also free the owner at their own address, and a guesser's
      // next failure there starts the count again and with it their lock.
      if (key === pairKey(username, ip) && !rows.has(accountKey(username))) continue;
      if (lockedUntil > now) lockedForSeconds = Math.max(lockedForSeconds, Math.ceil((lockedUntil - now) / 1000));
    }
    return { captchaRequired, lockedForSeconds };
  }

  async function count(key: string, lockAfter: number, lockMinutes: number): Promise<void> {
    const windowStart = new Date(Date.now() - fixed.windowMinutes * 60_000);
    const lockUntil = new Date(Date.now() + lockMinutes * 60_000);
    const next = sql`case when ${signInFailures.lastAt} < ${windowStart} then 1 else ${signInFailures.count} + 1 end`;
    await db
      .insert(signInFailures)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          count: next,
          lastAt: new Date(),
          lockedUntil: sql`case when (${next}) >= ${lockAfter} then ${lockUntil}::timestamptz else ${signInFailures.lockedUntil} end`,
        },
      });
  }

  /** A trusted browser's failure counts against it (and its address), not against the account. */
  async function recordFailure(username: string, ip: string, device?: string): Promise<void> {
    const { lockAccountAfter, lockMinutes } = await accountLimits();
    if (device) await count(deviceKey(device), fixed.lockDeviceAfter, lockMinutes);
    else {
      await count(accountKey(username), lockAccountAfter, lockMinutes);
      await count(pairKey(username, ip), lockAccountAfter, lockMinutes);
    }
    await count(addressKey(ip), fixed.lockAddressAfter, lockMinutes);
  }

  /**
   * After a sign-in: a trusted browser's own count starts again, but not the account's, which
   * holds strangers' failures; an untrusted success shows the owner is back, and clears the
   * account's count and the one at this address.
   */
  async function recordSuccess(username: string, ip: string, device?: string): Promise<void> {
    const keys = device ? [deviceKey(device)] : [accountKey(username), pairKey(username, ip)];
    await db.delete(signInFailures).where(inArray(signInFailures.key, keys));
  }

  async function clearAccount(username: string): Promise<void> {
    await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(username)));
  }

  return { state, recordFailure, recordSuccess, clearAccount };
}

/** Forgets the failures that locked an account, inside the caller's transaction (an administrator's unlock). */
export async function clearFailuresIn(tx: Db, username: string) {
  const [cleared] = await tx
    .delete(signInFailures)
    .where(eq(signInFailures.key, accountKey(username)))
    .returning();
  return cleared ? { count: cleared.count, lockedUntil: cleared.lockedUntil } : undefined;
}

export type FailureCounter = ReturnType<typeof createFailureCounter>;
