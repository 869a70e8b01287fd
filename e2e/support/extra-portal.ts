import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../apps/server/src/platform/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/client.ts';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { waitForHealth } from './global-setup.ts';
import { E2E_ADMIN_PASSWORD } from './seed.ts';

const root = new URL('../..', import.meta.url).pathname;

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
  const database = openDatabase(config);
  await prepareDatabase(database, config);
  await seed(database.db);
  await database.close();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
