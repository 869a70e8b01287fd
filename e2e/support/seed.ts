import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { users } from '../../apps/server/test/tables.ts';
import { hashPassword } from '../../apps/server/src/platform/crypto.ts';
import { asSystem } from '../../apps/server/src/platform/db/actor.ts';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/** A signed-in user with no roles: sees no console section. */
export const E2E_PLAIN_USER = { username: 'plain.user', password: 'plain-password-1' };

/** Prepares the data directory as a first start would, plus the plain user, before the server starts. */
export async function seedPlainUser(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD });
  const database = await openDatabase(config);
  await prepareDatabase(database, config);
  const passwordHash = await hashPassword(E2E_PLAIN_USER.password);
  await asSystem(database.db, (db) => db.insert(users).values({ username: E2E_PLAIN_USER.username, name: 'Plain User', passwordHash }));
  await database.close();
}
