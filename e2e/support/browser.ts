import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { UI_TIMEOUT } from './console.ts';
import { watchCspViolations } from './csp.ts';

/** Debian's Chromium; never a browser downloaded by a test tool. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  watchCspViolations(context);
  return { context, page: await context.newPage() };
}

/** Fills in the sign-in form the page shows and submits it. */
export async function fillSignInForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Signs in through the real login page. */
export async function signInThroughLoginPage(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.waitForURL(/\/login/);
  await fillSignInForm(page, username, password);
}

/** Signs out through the header's user menu (in English or Chinese) and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /sign out|退出登录/i }).click();
  await page.waitForURL(/\/login/, { timeout: UI_TIMEOUT });
}
