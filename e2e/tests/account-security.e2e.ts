import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../apps/server/test/totp-code.ts';
import { changeExpiredPassword } from '../support/account.ts';
import { apiAs, signedIn, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage, signInThroughLoginPage, signOut } from '../support/browser.ts';
import { dialog, heading, UI_TIMEOUT } from '../support/console.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Account security in the browser: the forced change of an administrator-set password, a password
 * change behind the "confirm it is you" step, setting up an authenticator app and signing in with a
 * code, and signing other sessions out.
 */
const USER = {
  username: 'e2e.secure',
  name: 'Secure User',
  setByAdmin: 'Set-by-admin-1',
  chosen: 'Chosen-pass-2',
  changed: 'Changed-pass-3',
};
const SECURITY_PAGE = '/personalCenter/securitySetting';

let browser: Browser;
let user: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await newPage(browser);
  const call = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  await call('POST', '/api/permission/users', { username: USER.username, name: USER.name, password: USER.setByAdmin });
  await admin.context.close();
  user = await newPage(browser);
});
afterAll(() => browser?.close());

async function openSecurityPage(page: Page): Promise<void> {
  await page.goto(SECURITY_PAGE);
  await heading(page, 'Security').waitFor({ timeout: UI_TIMEOUT });
}

/** The "confirm it is you" dialog with the current password. */
async function confirmWithPassword(page: Page, password: string): Promise<void> {
  const verify = dialog(page, 'Confirm it is you');
  await verify.getByLabel('Current password', { exact: true }).fill(password);
  await verify.getByRole('button', { name: 'Continue' }).click();
  await verify.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

describe('account security', () => {
  it('sends a user whose password an administrator set through /passwordupdate before the first sign-in', async () => {
    const { page } = user;
    await signInThroughLoginPage(page, USER.username, USER.setByAdmin);
    await page.waitForURL(/\/passwordupdate\?/, { timeout: UI_TIMEOUT });
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(USER.username);
    await expect.poll(() => page.getByText('differ from your username').isVisible()).toBe(true);
    await changeExpiredPassword(page, USER.setByAdmin, USER.chosen);
    await expect.poll(() => page.getByText(/password has been changed/i).isVisible()).toBe(true);
    // The old password is gone.
    await signInThroughLoginPage(page, USER.username, USER.setByAdmin);
    await expect.poll(() => page.getByText(/username or password is incorrect/i).isVisible()).toBe(true);
    await signInThroughLoginPage(page, USER.username, USER.chosen);
    await signedIn(page);
  });

  it('changes the password in the security settings after confirming it is you, then signs in with the new one', async () => {
    const { page } = user;
    await openSecurityPage(page);
    await page.getByRole('button', { name: 'Change: Password' }).click();
    await confirmWithPassword(page, USER.chosen);
    const change = dialog(page, 'Change password');
    await change.getByLabel('New password', { exact: true }).fill(USER.changed);
    await change.getByLabel('Confirm new password', { exact: true }).fill(USER.changed);
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByText(/password changed/i).isVisible()).toBe(true);

    await signOut(page);
    await signInThroughLoginPage(page, USER.username, USER.changed);
    await signedIn(page);
  });

  it('sets up an authenticator app; sign-in then asks for a code, and other sessions can be signed out', async () => {
    const { page } = user;
    // Another browser, signed in before the app is set up.
    const elsewhere = await newPage(browser);
    await signInThroughLoginPage(elsewhere.page, USER.username, USER.changed);
    await signedIn(elsewhere.page);

    await openSecurityPage(page);
    await page.getByRole('button', { name: 'Set up' }).click();
    const started = page.waitForResponse((r) => r.url().includes('/users/self/totp?') && r.request().method() === 'POST');
    await confirmWithPassword(page, USER.changed);
    const { otpauthUrl } = (await (await started).json()) as { otpauthUrl: string };
    const enrol = dialog(page, 'Set up an authenticator app');
    await enrol.locator('.ant-qrcode').waitFor({ timeout: UI_TIMEOUT });
    // The key shown for typing by hand is the one the QR code carries.
    const secret = (await enrol.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    await enrol.getByLabel(/Enter the 6-digit code/).fill(totpCode(secret));
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await enrol.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByText('On', { exact: true }).isVisible()).toBe(true);

    await signOut(page);
    await signInThroughLoginPage(page, USER.username, USER.changed);
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor({ timeout: UI_TIMEOUT });
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // The code of the set-up's time step is spent: the app's next one is accepted.
    await code.fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);

    await openSecurityPage(page);
    const sessions = page.getByRole('table', { name: 'Where you are signed in' });
    await sessions.getByText('This device').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect.poll(() => page.getByText(/other session\(s\) signed out/).isVisible()).toBe(true);
    await expect.poll(() => sessions.getByRole('row').count()).toBe(2); // the header and this session

    // The other browser ends up on the sign-in page: on its own, when its next call (the bell's
    // poll) is refused and refreshing fails, or at the latest on a reload. The reload may be cut
    // short by that navigation, which is the outcome asserted.
    await elsewhere.page.reload().catch(() => undefined);
    await elsewhere.page.waitForURL(/\/login/, { timeout: UI_TIMEOUT });
    await elsewhere.context.close();
  });
});
