import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { startPortalProcess } from './portal-process.ts';
import { E2E_ADMIN_PASSWORD } from './seed.ts';

export interface ExtraPortal {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A second portal server for tests that need other data at start-up than the shared one (the
 * embedded database cannot be written from outside the process that holds it, and no API sets
 * everything yet): a fresh data directory prepared as a first start, then by `seed`; the same SPA.
 */
export async function startExtraPortal(seed: (db: Db) => Promise<void>): Promise<ExtraPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-extra-'));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD });
  const database = await openDatabase(config);
  await prepareDatabase(database, config);
  await seed(database.db);
  await database.close();

  const portal = await startPortalProcess({ DATA_DIR: dataDir });
  return {
    baseUrl: portal.baseUrl,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
