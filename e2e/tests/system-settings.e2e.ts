import type { BaseSettings, SettingsStateOf } from '@portal/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { heading, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { createMemberWithMenus } from '../support/members.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * System settings in the console reach the pages that read the public configuration: a new
 * system name is the sign-in page's title, a new default look is what a newly signed-in user sees,
 * and restoring an earlier version of the base settings brings its sign-in page back. Each test
 * puts the base settings back as they were, so the other browser tests see the defaults.
 */

const BASE_PATH = '/api/system-config/base/portal';
/** The hue of the brand colour set (#13c2c2, cyan): the dark theme derives a darker shade of it, the default (#304ffe) is blue. */
const BRAND_HUE = 180;
const TAB_ICON = '/open/icons/brand/tab.svg';
const MEMBER = { username: 'look.member', name: 'Look Member', initialPassword: 'Initial-pass-1', password: 'Look-member-pass-2' };

let browser: Browser;
let admin: { context: BrowserContext; page: Page; token: string };
let call: ApiCall;
let original: BaseSettings;
let stranger: { context: BrowserContext; page: Page } | undefined;

const currentBase = async () => (await call<SettingsStateOf<BaseSettings>>('GET', BASE_PATH)).value;

beforeAll(async () => {
  browser = await launchBrowser();
  const session = await newPage(browser);
  admin = { ...session, token: await signInForApi(session, 'admin', E2E_ADMIN_PASSWORD) };
  call = apiAs(admin.page.request, admin.token);
  original = await currentBase();
});

afterEach(async () => {
  await stranger?.context.close();
  stranger = undefined;
  await call?.('PUT', BASE_PATH, original);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('system-settings', () => ({ admin, stranger }));

/** A browser of its own, with nothing kept from another, on the sign-in page. */
async function openLoginAsStranger(): Promise<Page> {
  stranger = await newPage(browser);
  await stranger.page.goto('/login');
  await stranger.page.getByRole('textbox', { name: 'Username' }).waitFor({ timeout: UI_TIMEOUT });
  return stranger.page;
}

const saved = (page: Page) => page.getByText('Settings saved: in force at once').waitFor({ timeout: UI_TIMEOUT });

describe('system settings', () => {
  it('renames the system: the sign-in page is titled with the new name (and shows the new tab icon), in a fresh browser and after a reload', async () => {
    const { page } = admin;
    await page.goto('/systemManage/systemSetting');
    await heading(page, 'System settings').waitFor({ timeout: UI_TIMEOUT });
    // Checked as the server checks it, before anything is sent.
    const logo = page.getByLabel('Logo', { exact: true });
    await logo.fill('http://example.com/logo.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An https:// address or a path on this portal starting with /').waitFor({ timeout: UI_TIMEOUT });
    await logo.fill('');
    await page.getByLabel('System name', { exact: true }).fill('Acme Works');
    await page.getByLabel('Browser tab icon', { exact: true }).fill(TAB_ICON);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    // The administrator's own tab follows at once.
    await expect.poll(() => page.title(), { timeout: UI_TIMEOUT }).toBe('Acme Works');

    const login = await openLoginAsStranger();
    expect(await login.title()).toBe('Acme Works');
    expect(await login.locator('link[rel~="icon"]').getAttribute('href')).toBe(TAB_ICON);
    await login.getByText('Acme Works', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await login.reload();
    await login.getByRole('textbox', { name: 'Username' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await login.title()).toBe('Acme Works');
  });

  it('sets a default theme and brand colour that a newly signed-in user gets, on the sign-in page already', async () => {
    await createMemberWithMenus(call, admin.page.request, {
      member: MEMBER,
      role: { code: 'look_e2e_user', name: 'Look E2E user' },
      menuIds: [],
    });
    const { page } = admin;
    await page.goto('/systemManage/navManage/themeSetting');
    await heading(page, 'Themes').waitFor({ timeout: UI_TIMEOUT });
    await page
      .locator('label')
      .filter({ hasText: /^Dark$/ })
      .click();
    await page.getByLabel('Brand colour', { exact: true }).fill('#13c2c2');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    expect((await currentBase()).defaultTheme).toEqual({ mode: 'dark', brandColor: '#13c2c2' });

    const login = await openLoginAsStranger();
    expect(hueOf(await styleOf(login.getByRole('button', { name: 'Sign in' }), 'backgroundColor'))).toBeCloseTo(BRAND_HUE, 0);
    expect(await isDark(login, 'main')).toBe(true);
    await signInThroughLoginPage(login, MEMBER.username, MEMBER.password);
    await signedIn(login);
    await heading(login, 'Workbench').waitFor({ timeout: UI_TIMEOUT });
    expect(await isDark(login, '.ant-layout')).toBe(true);
    // Without a logo configured, the header shows the system's initial on the brand colour.
    expect(hueOf(await styleOf(login.locator('.ant-layout-header .ant-avatar').first(), 'backgroundColor'))).toBeCloseTo(BRAND_HUE, 0);
  });

  it('restores an earlier version of the base settings: the old sign-in page comes back', async () => {
    const design = (systemName: string, title: string, subtitle: string) => ({
      ...original,
      systemName,
      loginPage: { ...original.loginPage, title, subtitle },
    });
    const old = await call<{ version: number }>('PUT', BASE_PATH, design('Old Name', 'Welcome back', 'Staff only'));
    await call('PUT', BASE_PATH, design('New Name', 'Hello there', 'Everyone welcome'));
    const { page } = admin;
    await page.goto('/systemManage/systemSetting');
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History: Basic' });
    const row = history.getByRole('row').filter({ has: page.getByRole('cell', { name: String(old.version), exact: true }) });
    // The old version against the current one, field by field.
    await row.getByRole('button', { name: /expand/i }).click();
    const diff = history.getByRole('table', { name: `Version ${old.version} against the current settings` });
    await diff.getByText('loginPage.title').waitFor({ timeout: UI_TIMEOUT });
    await diff.getByText('Welcome back').waitFor();
    await row.getByRole('button', { name: `Restore version ${old.version}` }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: `Restore version ${old.version}` })
      .click();
    await page.getByText(`Version ${old.version} restored: in force at once`).waitFor({ timeout: UI_TIMEOUT });
    expect((await currentBase()).loginPage).toMatchObject({ title: 'Welcome back', subtitle: 'Staff only' });
    // The form under the history shows the restored version.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('System name', { exact: true }).inputValue(), { timeout: UI_TIMEOUT }).toBe('Old Name');

    const login = await openLoginAsStranger();
    await login.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor({ timeout: UI_TIMEOUT });
    await login.getByText('Staff only').waitFor();
    expect(await login.title()).toBe('Old Name');
    expect(await login.getByText('Hello there').count()).toBe(0);
  });
});

/** A computed style of an element (the test's TypeScript has no DOM types: the browser's are reached through globalThis). */
const styleOf = (locator: Locator, property: 'backgroundColor') =>
  locator.evaluate(
    (element, name) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(element)[name] ?? '',
    property,
  );

const channels = (colour: string) => (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/** Whether the background of the page's first `selector` is dark. */
async function isDark(page: Page, selector: string): Promise<boolean> {
  const [r = 255, g = 255, b = 255] = channels(await styleOf(page.locator(selector).first(), 'backgroundColor'));
  return r + g + b < 120;
}

/** The hue of an `rgb(…)` colour, in degrees. */
function hueOf(colour: string): number {
  const [r = 0, g = 0, b = 0] = channels(colour).map((channel) => channel / 255);
  const max = Math.max(r, g, b);
  const range = max - Math.min(r, g, b);
  if (range === 0) return 0;
  const hue = max === r ? ((g - b) / range) % 6 : max === g ? (b - r) / range + 2 : (r - g) / range + 4;
  return (hue * 60 + 360) % 360;
}
