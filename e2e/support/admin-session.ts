import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from './api.ts';
import { launchBrowser, newPage } from './browser.ts';
import { E2E_ADMIN_PASSWORD } from './seed.ts';

export interface AdminSession {
  admin: { context: BrowserContext; page: Page };
  /** Calls as the administrator, with the same sign-in as the page. */
  api: ApiCall;
}

/**
 * The administrator signed in, in a browser of its own, for one file's tests: ready in beforeAll;
 * after them `cleanUp` runs (its failures ignored) and the browser closes. Read the fields inside
 * hooks and tests.
 */
export function adminSession(cleanUp: (api: ApiCall) => Promise<unknown> = async () => undefined): AdminSession {
  let browser: Browser | undefined;
  let ready: AdminSession | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await newPage(browser);
    ready = { admin, api: apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD)) };
  });
  afterAll(async () => {
    if (ready) await cleanUp(ready.api).catch(() => undefined);
    await ready?.admin.context.close();
    await browser?.close();
  });
  const current = () => {
    if (!ready) throw new Error('the admin session is opened in beforeAll: use it inside hooks and tests');
    return ready;
  };
  return {
    get admin() {
      return current().admin;
    },
    get api() {
      return current().api;
    },
  };
}
