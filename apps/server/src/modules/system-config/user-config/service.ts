import type { UserConfigBody, UserConfigResult } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { userConfigs } from '../tables.ts';
import { badRequest } from '../../../platform/errors.ts';

type ConfigName = UserConfigResult['name'];

const toResult = (name: ConfigName, row: { config: unknown; updatedAt: Date } | undefined): UserConfigResult => ({
  name,
  config: (row?.config ?? null) as UserConfigResult['config'],
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

/** The user's config of this name; a name never saved answers `config: null`. */
export async function readUserConfig(db: Db, userId: string, name: ConfigName): Promise<UserConfigResult> {
  const [row] = await db
    .select({ config: userConfigs.config, updatedAt: userConfigs.updatedAt })
    .from(userConfigs)
    .where(and(eq(userConfigs.userId, userId), eq(userConfigs.name, name)));
  return toResult(name, row);
}

/** What the schema cannot say: a Navmenu lists each application once. */
function assertConsistent(body: UserConfigBody): void {
  if (body.name !== 'Navmenu') return;
  const ids = body.config.menu.map((item) => item.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== undefined)
    throw badRequest('Each application appears in Navmenu at most once', { field: 'config.menu', id: duplicate });
}

/** Replaces the user's config of this name (one row per user and name). */
export async function saveUserConfig(db: Db, userId: string, body: UserConfigBody): Promise<UserConfigResult> {
  assertConsistent(body);
  const [row] = await db
    .insert(userConfigs)
    .values({ userId, name: body.name, config: body.config })
    .onConflictDoUpdate({
      target: [userConfigs.userId, userConfigs.name],
      set: { config: body.config, updatedAt: sql`now()` },
    })
    .returning({ config: userConfigs.config, updatedAt: userConfigs.updatedAt });
  return toResult(body.name, row);
}
