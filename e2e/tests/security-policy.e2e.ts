import type { AuthSettings, SafeSettings, SettingsStateOf } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeExpiredPassword } from '../support/account.ts';
import { apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { heading, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The security settings in the browser: with lockout after 3 failures, three wrong passwords lock
 * the account with a message saying so, and the administrator's unlock in the console lets the
 * user in; a new password that breaks the policy is refused with the rule it broke. Each test puts
 * the settings back as they were.
 */

const SAFE_PATH = '/api/system-config/safe/portal';
const AUTH_PATH = '/api/system-config/auth/portal';
const USERS_PAGE = '/systemManage/organizationManage/user';
const LOCKED = { username: 'e2e.locked', name: 'Locked Member', password: 'Locked-member-pass-1' };
const RENEWING = { username: 'e2e.renewing', name: 'Renewing Member', password: 'Initial-pass-12' };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let call: ApiCall;
let original: { safe: SafeSettings; auth: AuthSettings };
let member: { context: BrowserContext; page: Page } | undefined;

const current = async <T>(path: string) => (await call<SettingsStateOf<T>>('GET', path)).value;

/** A user the administrator creates: the password is the administrator's, to be replaced at the first sign-in. */
const createUser = (user: { username: string; name: string; password: string }) =>
  call('POST', '/api/permission/users', { username: user.username, name: user.name, password: user.password });

/** A user with a password of their own: the administrator's initial one already replaced by `password`. */
async function createMember(user: { username: string; name: string; password: string }) {
  const initialPassword = 'Initial-pass-1';
  await createUser({ ...user, password: initialPassword });
  const changed = await admin.page.request.put('/api/reception-center/oauth/password', {
    data: { username: user.username, oldPassword: initialPassword, newPassword: user.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  call = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  original = { safe: await current<SafeSettings>(SAFE_PATH), auth: await current<AuthSettings>(AUTH_PATH) };
});

afterEach(async () => {
  await member?.context.close();
  member = undefined;
  await call?.('PUT', SAFE_PATH, original.safe);
  await call?.('PUT', AUTH_PATH, original.auth);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('security-policy', () => ({ admin, member }));

describe('security settings', () => {
  it('locks an account after three wrong passwords with a clear message; the administrator unlocks it and the user gets in', async () => {
    await call('PUT', SAFE_PATH, { ...original.safe, lockout: { afterFailures: 3, minutes: 30 } });
    // No captcha before the lock: the three failures are typed as a user would, without one.
    await call('PUT', AUTH_PATH, { ...original.auth, captchaAfterFailures: 10 });
    await createMember(LOCKED);
    member = await newPage(browser);
    const { page } = member;
    for (let attempt = 1; attempt <= 2; attempt++) {
      await signInThroughLoginPage(page, LOCKED.username, `Wrong-pass-${attempt}`);
      await expect.poll(() => page.getByText(/username or password is incorrect/i).isVisible()).toBe(true);
    }
    await signInThroughLoginPage(page, LOCKED.username, 'Wrong-pass-3');
    await expect.poll(() => page.getByText(/account is locked/i).isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
    expect(await page.getByText(/try again in 30 minutes/i).isVisible()).toBe(true);
    // The right password does not open a locked account.
    await signInThroughLoginPage(page, LOCKED.username, LOCKED.password);
    await expect.poll(() => page.getByText(/account is locked/i).isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/login/);

    await admin.page.goto(USERS_PAGE);
    await heading(admin.page, 'Users').waitFor({ timeout: UI_TIMEOUT });
    const row = admin.page.getByRole('row').filter({ hasText: LOCKED.username });
    await row.getByText('Locked', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await row.getByRole('button', { name: 'Unlock' }).click();
    await admin.page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await admin.page.getByText('User unlocked').waitFor({ timeout: UI_TIMEOUT });

    await signInThroughLoginPage(page, LOCKED.username, LOCKED.password);
    await signedIn(page);
  });

  it('refuses a new password that breaks the policy, naming the rule, and takes one that meets it', async () => {
    await call('PUT', SAFE_PATH, {
      ...original.safe,
      password: { ...original.safe.password, minLength: 10, requireClasses: { lower: 1, upper: 1, digit: 2, symbol: 0 } },
    });
    await createUser(RENEWING);
    member = await newPage(browser);
    const { page } = member;
    await signInThroughLoginPage(page, RENEWING.username, RENEWING.password);
    await page.waitForURL(/\/passwordupdate\?/, { timeout: UI_TIMEOUT });
    await page.getByLabel('Current password', { exact: true }).fill(RENEWING.password);
    await page.getByLabel('New password', { exact: true }).fill('Weak-password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Weak-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/at least 2 digits/).waitFor({ timeout: UI_TIMEOUT });
    expect(page.url()).toMatch(/\/passwordupdate/);

    await page.reload();
    await changeExpiredPassword(page, RENEWING.password, 'Strong-pass-34');
    await signInThroughLoginPage(page, RENEWING.username, 'Strong-pass-34');
    await signedIn(page);
  });
});
