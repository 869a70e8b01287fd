import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '@portal/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { E2E_ADMIN_PASSWORD, E2E_PLAIN_USER } from '../support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tokenCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => c.name === TOKEN_COOKIE || c.name === REFRESH_TOKEN_COOKIE);

describe('signing in through the browser', () => {
  it('signs the administrator in through the login page and lands on /OSWorkbench', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughLoginPage(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL(/\/OSWorkbench$/);
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByText('Administrator').first().isVisible()).toBe(true);
    expect((await tokenCookies(context)).map((c) => c.name).sort()).toEqual([REFRESH_TOKEN_COOKIE, TOKEN_COOKIE]);
    await expect.poll(() => page.getByRole('menuitem', { name: /system management/i }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows an error for a wrong password and stores no token', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughLoginPage(page, 'admin', 'not-the-password');
    await expect.poll(() => page.getByText(/username or password is incorrect/i).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await tokenCookies(context)).toEqual([]);
    await context.close();
  });

  it('sends a user without the permission to /403 for a console path typed in the address bar', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughLoginPage(page, E2E_PLAIN_USER.username, E2E_PLAIN_USER.password);
    await page.waitForURL(/\/OSWorkbench$/);
    await expect.poll(() => page.getByRole('menuitem', { name: /system management/i }).count()).toBe(0);
    await page.goto('/systemManage/organizationManage/user');
    await page.waitForURL(/\/403$/);
    await context.close();
  });

  it('after signing out, the back button shows the login page', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughLoginPage(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL(/\/OSWorkbench$/);
    await page.getByText('Administrator').first().click();
    await page.getByText(/sign out/i).click();
    await page.waitForURL(/\/login/);
    expect(await tokenCookies(context)).toEqual([]);
    await page.goBack();
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.getByRole('button', { name: /sign in/i }).isVisible()).toBe(true);
    await context.close();
  });
});
