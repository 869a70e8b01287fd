import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startPortalProcess } from './portal-process.ts';
import { E2E_ADMIN_PASSWORD } from './seed.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface ProviderPortal {
  /** Its OpenID issuer, as another portal's identity provider setting names it. */
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A second portal acting as the OpenID Connect provider of the one under test: a fresh data
 * directory where the operator's script (`npm run oauth-client`) registers a confidential client
 * whose redirect URI is the first portal's callback, then the server as `npm start` runs it.
 */
export async function startProviderPortal(client: { id: string; secret: string; redirectUri: string }): Promise<ProviderPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-provider-'));
  const args = [
    'run',
    'oauth-client',
    '-w',
    'apps/server',
    '--',
    '--id',
    client.id,
    '--secret',
    client.secret,
    '--redirect',
    client.redirectUri,
  ];
  await promisify(execFile)('npm', args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const portal = await startPortalProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD });
  return {
    issuer: `${portal.baseUrl}/api/reception-center`,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
