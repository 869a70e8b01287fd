import { type Application } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../apps/micro-demo/scripts/static-server.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { heading, UI_TIMEOUT } from '../support/console.ts';
import { addMenuPage, createMemberWithMenus } from '../support/members.ts';
import { MICRO_DEMO_DIST, serveMicroDemo } from '../support/micro-demo.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The reference micro front-end (apps/micro-demo), built on its own and served by a peer on another
 * origin, registered as a MicroWeb application. A user granted two of its three pages opens it:
 * the module reads who they are with the shell's token, the sub-menu hides the page they lack (and
 * its address gives 403), and the address bar and the micro app follow each other, Back included.
 */

const INSTANT = 'microDemoE2e';
const APP_NAME = 'Micro demo E2E';
const MEMBER = { username: 'micro.member', name: 'Micro Member', initialPassword: 'Initial-pass-1', password: 'Micro-member-pass-2' };

let peer: StaticServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let app: Application;
/** The administrator's API, kept to remove the application afterwards. */
let adminCall: ApiCall | undefined;

const subMenu = (page: Page, label = `Pages of ${APP_NAME}`) => page.getByRole('navigation', { name: label });
/** A sub-menu entry by its title (its accessible name starts with the icon's label). */
const entry = (page: Page, title: string) => subMenu(page).getByRole('menuitem', { name: new RegExp(`(^|\\s)${title}$`) });
const microUrl = (menuId?: string) => new RegExp(`/micro/${app.id}${menuId ? `/${menuId}` : ''}$`);

/** Registers the micro app, its three pages as permission nodes, a role with two of them, and the member. */
async function registerAppAndMember(): Promise<void> {
  const call = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  adminCall = call;

  app = await call<Application>('POST', '/api/permission/v4/applications', {
    instant: INSTANT,
    name: APP_NAME,
    type: 'MicroWeb',
    appUrl: `${peer.url}/micro-demo.js`,
    category: ['Demo'],
  });
  const home = await addMenuPage(call, app.menuId, 'home', 'Overview');
  const profile = await addMenuPage(call, app.menuId, 'profile', 'Who am I');
  await addMenuPage(call, app.menuId, 'admin', 'Restricted');

  await createMemberWithMenus(call, admin.page.request, {
    member: MEMBER,
    role: { code: 'micro_demo_user', name: 'Micro demo user' },
    menuIds: [home.id, profile.id],
  });
}

beforeAll(async () => {
  peer = await serveMicroDemo();
  browser = await launchBrowser();
  admin = await newPage(browser);
  member = await newPage(browser);
  await registerAppAndMember();
  await signInThroughLoginPage(member.page, MEMBER.username, MEMBER.password);
  await signedIn(member.page);
});

afterAll(async () => {
  // The administrator sees every application (its first landing follows them): leave none behind.
  if (app) await adminCall?.('DELETE', `/api/permission/applications/${app.id}`).catch(() => undefined);
  await admin?.context.close();
  await member?.context.close();
  await browser?.close();
  await peer?.close();
});

screenshotsOnFailure('micro-app', () => ({ member }));

describe('a MicroWeb application in the portal shell', () => {
  it("shows who the user is, read by the micro app with the shell's token", async () => {
    const { page } = member;
    await page.goto(`/micro/${app.id}/profile`);
    await heading(page, 'Who am I').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText(`Signed in as ${MEMBER.name}`, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
  });

  it('lists only the pages the user was granted, and the other one gives 403', async () => {
    const { page } = member;
    await entry(page, 'Overview').waitFor({ timeout: UI_TIMEOUT });
    await entry(page, 'Who am I').waitFor();
    expect(await entry(page, 'Restricted').count()).toBe(0);

    await page.goto(`/micro/${app.id}/admin`);
    await page.waitForURL(/\/403$/, { timeout: UI_TIMEOUT });
    await page.goto(`/micro/${app.id}/nothing-here`);
    await page.waitForURL(/\/404$/, { timeout: UI_TIMEOUT });
  });

  it('opens its first permitted page when the address names none', async () => {
    const { page } = member;
    await page.goto(`/micro/${app.id}`);
    await page.waitForURL(microUrl('home'), { timeout: UI_TIMEOUT });
    await heading(page, 'Overview').waitFor({ timeout: UI_TIMEOUT });
  });

  it('keeps the address bar and the micro app in step both ways, Back and Forward included', async () => {
    const { page } = member;
    // Shell → micro app: the sub-menu changes the address, and the micro app follows.
    await entry(page, 'Who am I').click();
    await page.waitForURL(microUrl('profile'));
    await page.getByText(`Signed in as ${MEMBER.name}`, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await entry(page, 'Overview').click();
    await page.waitForURL(microUrl('home'));
    await heading(page, 'Overview').waitFor({ timeout: UI_TIMEOUT });

    // Micro app → shell: a link inside the micro app asks the shell to navigate.
    await page.locator('[data-micro-app]').getByRole('link', { name: 'Who am I' }).click();
    await page.waitForURL(microUrl('profile'));
    await heading(page, 'Who am I').waitFor({ timeout: UI_TIMEOUT });
    expect(await entry(page, 'Who am I').getAttribute('class')).toMatch(/selected/);

    await page.goBack();
    await page.waitForURL(microUrl('home'));
    await heading(page, 'Overview').waitFor({ timeout: UI_TIMEOUT });
    await page.goForward();
    await page.waitForURL(microUrl('profile'));
    await heading(page, 'Who am I').waitFor({ timeout: UI_TIMEOUT });
  });

  it("follows the shell's language", async () => {
    const { page } = member;
    // The shell restores a saved language choice at start-up (app/i18n).
    await page.evaluate(`localStorage.setItem('language', 'zh-CN')`);
    await page.goto(`/micro/${app.id}/profile`);
    await page.getByText(`当前登录：${MEMBER.name}`, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await subMenu(page, `${APP_NAME} 的页面`)
      .getByRole('menuitem', { name: /我是谁$/ })
      .waitFor();
    await page.evaluate(`localStorage.setItem('language', 'en-US')`);
  });

  it('shows a clear error with a retry when the micro app cannot be reached, and recovers', async () => {
    const { page } = member;
    const port = new URL(peer.url).port;
    await peer.close();
    // A new document: nothing of the micro app is loaded yet.
    await page.goto(`/micro/${app.id}/profile`);
    const failure = page.getByRole('heading', { level: 1, name: `${APP_NAME} could not be opened` });
    await failure.waitFor({ timeout: UI_TIMEOUT });
    await page
      .getByRole('alert')
      .filter({ hasText: /could not be loaded/ })
      .waitFor();

    peer = await startStaticServer({ dir: MICRO_DEMO_DIST, port: Number(port) });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(`Signed in as ${MEMBER.name}`, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await entry(page, 'Overview').waitFor();
  });
});
