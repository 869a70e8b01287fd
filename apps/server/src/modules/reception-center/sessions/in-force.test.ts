import { DEFAULT_SETTINGS, type AuthSettings } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { signInSessions } from '../../../../test/tables.ts';
import { inForce, isInForce } from './in-force.ts';

/** The in-force rule as SQL (lists of sessions) and for one row already read (each use): the same answers. */

const { t } = appPerFile();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

/** Sessions on both sides of every limit of `auth` (idle 30 min, absolute 2 h, remembered 2 days). */
const cases = {
  fresh: { remember: false, createdAt: ago(MINUTE_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  idle: { remember: false, createdAt: ago(HOUR_MS), lastUsedAt: ago(31 * MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  nearlyIdle: { remember: false, createdAt: ago(HOUR_MS), lastUsedAt: ago(29 * MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  tooOld: { remember: false, createdAt: ago(2 * HOUR_MS + MINUTE_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  rememberedOld: { remember: true, createdAt: ago(3 * HOUR_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  rememberedTooOld: { remember: true, createdAt: ago(49 * HOUR_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ahead(HOUR_MS) },
  expired: { remember: false, createdAt: ago(MINUTE_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ago(1000) },
  revoked: { remember: false, createdAt: ago(MINUTE_MS), lastUsedAt: ago(MINUTE_MS), expiresAt: ahead(HOUR_MS), revokedAt: ago(1000) },
};

describe('a session in force', () => {
  it.each([
    ['with an idle limit', { sessionIdleMinutes: 30, sessionAbsoluteHours: 2, refreshTokenDays: 2 }],
    ['without one', { sessionIdleMinutes: 0, sessionAbsoluteHours: 2, refreshTokenDays: 2 }],
  ])('is the same in SQL and for a row read, %s', async (_, limits) => {
    const auth: AuthSettings = { ...DEFAULT_SETTINGS.auth, ...limits };
    const user = await createUser(t);
    const rows = await t.database.db
      .insert(signInSessions)
      .values(
        Object.entries(cases).map(([name, times]) => ({ ...times, userId: user.id, tokenHash: `${name}-${limits.sessionIdleMinutes}` })),
      )
      .returning();
    const named = (ids: string[]) => rows.filter((row) => ids.includes(row.id)).map((row) => row.tokenHash.split('-')[0]);

    const bySql = await t.database.db
      .select({ id: signInSessions.id })
      .from(signInSessions)
      .where(and(eq(signInSessions.userId, user.id), inForce(auth)));
    const byRow = rows.filter((row) => isInForce(row, auth));

    const expected = ['fresh', 'nearlyIdle', 'rememberedOld', ...(limits.sessionIdleMinutes ? [] : ['idle'])];
    expect(named(bySql.map((row) => row.id)).sort()).toEqual(expected.sort());
    expect(named(byRow.map((row) => row.id)).sort()).toEqual(expected.sort());
  });
});
