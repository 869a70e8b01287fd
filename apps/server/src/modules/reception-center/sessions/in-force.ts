import type { AuthSettings } from '@portal/contracts';
import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { signInSessions } from '../tables.ts';
import { inForceSince, type SessionTimes } from './lifetime.ts';

/** What decides whether one session is in force: its times, its last use and its revocation. */
export interface SessionState extends SessionTimes {
  id: string;
  lastUsedAt: Date;
  revokedAt: Date | null;
}

/**
 * The sessions in force now under the auth settings (ASVS V3.3): not revoked, not past their end,
 * started within their length (remembered or not) and, with an idle limit, used within it.
 * `isInForce` is the same rule for a row already read (in-force.test.ts holds them together).
 */
export function inForce(auth: AuthSettings): SQL {
  const s = signInSessions;
  const { rememberedSince, since, usedSince } = inForceSince(auth);
  const startedSince = sql`case when ${s.remember} then ${rememberedSince.toISOString()}::timestamptz else ${since.toISOString()}::timestamptz end`;
  return and(
    isNull(s.revokedAt),
    gt(s.expiresAt, new Date()),
    gt(s.createdAt, startedSince),
    usedSince ? gt(s.lastUsedAt, usedSince) : undefined,
  ) as SQL;
}

/** `inForce` for one session already read. */
export function isInForce(session: SessionState, auth: AuthSettings, now = Date.now()): boolean {
  const { rememberedSince, since, usedSince } = inForceSince(auth, now);
  return (
    session.revokedAt === null &&
    session.expiresAt.getTime() > now &&
    session.createdAt > (session.remember ? rememberedSince : since) &&
    (usedSince === null || session.lastUsedAt > usedSince)
  );
}
