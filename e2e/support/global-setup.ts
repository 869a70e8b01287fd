import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD, seedPlainUser } from './seed.ts';
import { startMailbox } from './smtp-mailbox.ts';
import { freePort } from '../../apps/server/test/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SMTP peer's received mails over HTTP: support/mails.ts reads them. */
    mailboxUrl: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;

export async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts `npm start`'s server on a fresh data directory with one extra user who holds no roles. */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR (read by the server too) lets a build in another directory be tested.
  const webDist = process.env.WEB_DIST_DIR ?? join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`Build the web app first (npm run build): no ${webDist}/index.html`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  await seedPlainUser(dataDir);
  const mailbox = await startMailbox();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SMTP_URL: mailbox.smtpUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
