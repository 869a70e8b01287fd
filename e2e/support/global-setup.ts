import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_PASSWORD, seedPlainUser } from './seed.ts';
import { startMailbox } from './smtp-mailbox.ts';
import { startPortalProcess } from './portal-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SMTP peer's received mails over HTTP: support/mails.ts reads them. */
    mailboxUrl: string;
  }
}

/** Starts `npm start`'s server on a fresh data directory with one extra user who holds no roles. */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR (read by the server too) lets a build in another directory be tested; without it,
  // the server's start builds the local web app if it is missing or stale.
  const webDist = process.env.WEB_DIST_DIR;
  if (webDist && !existsSync(join(webDist, 'index.html'))) throw new Error(`WEB_DIST_DIR holds no web app: no ${webDist}/index.html`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  await seedPlainUser(dataDir);
  const mailbox = await startMailbox();
  const portal = await startPortalProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, SMTP_URL: mailbox.smtpUrl });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  return async () => {
    await portal.stop();
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
