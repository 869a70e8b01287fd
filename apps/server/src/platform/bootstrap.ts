import { PORTAL_CLIENT_ID } from '@portal/contracts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { syncMenuCatalogue, seedPermission } from '../services/permission/seed.ts';
import { saveClient } from '../services/reception-center/oauth/clients.ts';

/**
 * Brings a database up to date at start-up: migrations, the menu catalogue, the portal's own OAuth
 * client (its redirect URI follows PUBLIC_URL), and on first start the administrator.
 */
export async function prepareDatabase(database: Database, config: Config) {
  await database.migrate();
  await syncMenuCatalogue(database.db);
  await saveClient(database.db, {
    id: PORTAL_CLIENT_ID,
    name: 'Workbench portal',
    redirectUris: [`${config.publicUrl}/auth`],
    postLogoutRedirectUris: [`${config.publicUrl}/login`],
  });
  return seedPermission(database.db, { username: config.adminUsername, password: config.adminPassword });
}
