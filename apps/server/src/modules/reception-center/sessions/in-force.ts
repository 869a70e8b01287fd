import type { AuthSettings } from '@portal/contracts';
import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { signInSessions } from '../tables.ts';
import { inForceSince } from './lifetime.ts';

/**
 * The sessions in force now under the auth settings (ASVS V3.3): not revoked, not past their end,
 * started within their length (remembered or not) and, with an idle limit, used within it.
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
