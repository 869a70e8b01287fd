import { TOKEN_COOKIE, type Application, type MenuNode } from '@portal/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { launchBrowser, newPage, signInThroughLoginPage, signOut } from '../support/browser.ts';
import { accessTokenOf, apiAs, signedIn, signInForApi } from '../support/api.ts';
import { heading, UI_TIMEOUT } from '../support/console.ts';
import { addMenuPage, createMemberWithMenus } from '../support/members.ts';
import { startEchoPeer, type EchoPeer } from '../support/echo-peer.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The portal shell for a user granted one application of each kind: the first landing after
 * sign-in (first non-system application, then the favourite), launching a portal (Web) app, a
 * third-party page in the shell and in a new tab (with a token for that application only, never the
 * portal's, checked by a real peer that echoes its query), a studio app; the workbench order and the look (dark, top menu, zh-CN)
 * following the user into a fresh browser.
 */

const MEMBER = { username: 'shell.member', name: 'Shell Member', initialPassword: 'Initial-pass-1', password: 'Shell-member-pass-2' };
const CATEGORY = 'E2E shell';
const NAMES = { web: 'E2E Web', current: 'E2E Third Current', newTab: 'E2E Third NewTab', studio: 'E2E Studio' } as const;
const WEB_INSTANT = 'shellE2eWeb';

let peer: EchoPeer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page; token: string };
let member: { context: BrowserContext; page: Page } | undefined;
const apps: Record<keyof typeof NAMES, Application> = {} as never;
let studioPage: MenuNode;

async function registerAppsAndMember(): Promise<void> {
  const call = apiAs(admin.page.request, admin.token);
  const register = (input: Record<string, unknown>) =>
    call<Application>('POST', '/api/permission/v4/applications', { category: [CATEGORY], ...input });
  const addPage = (app: Application, name: string, title: string) => addMenuPage(call, app.menuId, name, title);

  apps.web = await register({ instant: WEB_INSTANT, name: NAMES.web, type: 'Web', sort: 901, redirect: `/${WEB_INSTANT}/reports` });
  await addPage(apps.web, 'dashboard', 'Dashboard');
  await addPage(apps.web, 'reports', 'Reports');
  apps.current = await register({
    instant: 'shellE2eCurrent',
    name: NAMES.current,
    type: 'WebThird',
    sort: 902,
    openType: 'Current',
    appUrl: `${peer.url}/current?lang=en&token=stale`,
  });
  apps.newTab = await register({
    instant: 'shellE2eNewTab',
    name: NAMES.newTab,
    type: 'WebThird',
    sort: 903,
    openType: 'NewTab',
    appUrl: `${peer.url}/new-tab?x=1`,
  });
  apps.studio = await register({ instant: 'shellE2eStudio', name: NAMES.studio, type: 'WebStudio', sort: 904 });
  studioPage = await addPage(apps.studio, 'leaveForm', 'Leave form');

  await createMemberWithMenus(call, admin.page.request, {
    member: MEMBER,
    role: { code: 'shell_e2e_user', name: 'Shell E2E user' },
    menuIds: Object.values(apps).map((app) => app.menuId),
  });
}

/** The member in a browser of their own (nothing kept from an earlier one), signed in. */
async function signInFresh(): Promise<Page> {
  await member?.context.close();
  member = await newPage(browser);
  await signInThroughLoginPage(member.page, MEMBER.username, MEMBER.password);
  await signedIn(member.page);
  return member.page;
}

const appGroup = (page: Page) => page.getByRole('region', { name: CATEGORY });
const tile = (page: Page, name: string) => appGroup(page).getByRole('button', { name: `Open ${name}`, exact: true });
const tileOrder = (group: Locator) =>
  group.getByTestId('app-tile').evaluateAll((tiles) => tiles.map((t) => t.querySelector('button')?.getAttribute('aria-label')));
const echoedQuery = async (scope: Page | ReturnType<Page['frameLocator']>) =>
  JSON.parse(await scope.locator('#query').innerText()) as Record<string, string>;
const configSaved = (page: Page, name: 'Navmenu' | 'Preferences') =>
  page.waitForResponse(
    (response) => response.url().includes(`/config?name=${name}`) && response.request().method() === 'PUT' && response.ok(),
  );

/**
 * What a third-party page can do with the token it was handed, as its own server would use it: learn
 * who its user is, and nothing else (not the user's portal data, not the console).
 */
async function expectApplicationToken(page: Page, token: string | null, app: Application): Promise<void> {
  expect(token).toBeTruthy();
  const portalToken = await accessTokenOf(member!.context);
  expect(token).not.toBe(portalToken);
  const claims = JSON.parse(Buffer.from(token!.split('.')[1] ?? '', 'base64url').toString()) as { aud: string; exp: number };
  expect(claims.aud).toBe(app.id);
  expect(claims.exp - Date.now() / 1000).toBeGreaterThanOrEqual(60);
  const get = (path: string, bearer: string) => page.request.get(path, { headers: { Authorization: `Bearer ${bearer}` } });
  const who = await get('/api/reception-center/member/who', token!);
  expect(who.status()).toBe(200);
  expect(await who.json()).toMatchObject({ username: MEMBER.username });
  // The user's own data answers their portal token, not the page's.
  expect((await get('/api/permission/users/self', portalToken!)).status()).toBe(200);
  for (const path of ['/api/permission/users/self', '/api/permission/users', '/api/permission/applications/self']) {
    const refused = await get(path, token!);
    expect(refused.status(), path).toBe(403);
    expect(await refused.json(), path).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/application token/) });
  }
}

beforeAll(async () => {
  peer = await startEchoPeer();
  browser = await launchBrowser();
  const session = await newPage(browser);
  // Before any application exists, so the administrator lands on the workbench.
  admin = { ...session, token: await signInForApi(session, 'admin', E2E_ADMIN_PASSWORD) };
  await registerAppsAndMember();
});

afterAll(async () => {
  // The administrator sees every application: leave none behind for the other browser tests.
  const call = admin && apiAs(admin.page.request, admin.token);
  for (const app of Object.values(apps)) await call?.('DELETE', `/api/permission/applications/${app.id}`).catch(() => undefined);
  await member?.context.close();
  await admin?.context.close();
  await browser?.close();
  await peer?.close();
});

screenshotsOnFailure('shell', () => ({ member }));

describe('the portal shell', () => {
  it('lands on the first non-system application after sign-in: a Web app opens at its permitted redirect', async () => {
    const page = await signInFresh();
    await page.waitForURL(new RegExp(`/${WEB_INSTANT}/reports$`), { timeout: UI_TIMEOUT });
    await heading(page, 'Reports').waitFor({ timeout: UI_TIMEOUT });
    const pages = page.getByRole('navigation', { name: `Pages of ${NAMES.web}` });
    await pages.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL(new RegExp(`/${WEB_INSTANT}/dashboard$`));
    await heading(page, 'Dashboard').waitFor();
  });

  it('shows the applications on the workbench and opens a Web app from its tile', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    await expect.poll(() => tileOrder(appGroup(page)), { timeout: UI_TIMEOUT }).toEqual(Object.values(NAMES).map((name) => `Open ${name}`));
    await page.getByLabel('Search applications').fill('studio');
    await expect.poll(() => tileOrder(appGroup(page))).toEqual([`Open ${NAMES.studio}`]);
    await page.getByLabel('Search applications').fill('');
    await tile(page, NAMES.web).click();
    await page.waitForURL(new RegExp(`/${WEB_INSTANT}/reports$`), { timeout: UI_TIMEOUT });
  });

  it('opens a third-party page inside the shell with a token for that application appended', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    await tile(page, NAMES.current).click();
    await page.waitForURL(/\/webThird\?/, { timeout: UI_TIMEOUT });
    const url = new URL(page.url());
    expect(url.searchParams.get('appUrl')).toBe(apps.current.appUrl);
    expect(url.searchParams.get('openType')).toBe('Current');
    await heading(page, NAMES.current).waitFor({ timeout: UI_TIMEOUT });
    const frame = page.frameLocator(`iframe[title="${NAMES.current} (third-party page)"]`);
    await frame.locator('#query').waitFor({ timeout: UI_TIMEOUT });
    // The stale token of the registered address is replaced, the other parameter kept.
    const query = await echoedQuery(frame);
    expect(Object.keys(query).sort()).toEqual(['lang', 'token']);
    expect(query.lang).toBe('en');
    await expectApplicationToken(page, query.token ?? null, apps.current);
  });

  it('refuses to hand the token to an address that is not one of the user’s applications', async () => {
    const page = member!.page;
    await page.goto(`/webThird?appUrl=${encodeURIComponent(`${peer.url}/elsewhere`)}&openType=Current`);
    await page.getByText(/not one of your applications/).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('opens a NewTab third-party page in a new tab whose address carries a token for that application', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    const [opened] = await Promise.all([member!.context.waitForEvent('page'), tile(page, NAMES.newTab).click()]);
    await opened.waitForURL((url) => url.pathname === '/new-tab', { timeout: UI_TIMEOUT });
    const url = new URL(opened.url());
    expect(url.origin + url.pathname).toBe(`${peer.url}/new-tab`);
    expect(url.searchParams.get('x')).toBe('1');
    const token = url.searchParams.get('token');
    await expectApplicationToken(page, token, apps.newTab);
    expect(await echoedQuery(opened)).toMatchObject({ x: '1', token });
    // Cut off from the portal: the page cannot reach back into the shell's window.
    expect(await opened.evaluate(() => (globalThis as { opener?: unknown }).opener)).toBeNull();
    await opened.close();
    expect(new URL(page.url()).pathname).toBe('/OSWorkbench');
  });

  it('refreshes a portal token about to be refused before asking for the page’s token', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    await tile(page, NAMES.newTab).waitFor({ timeout: UI_TIMEOUT });
    const [cookie] = (await member!.context.cookies()).filter((candidate) => candidate.name === TOKEN_COOKIE);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const expiring = `${encode({ alg: 'EdDSA' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 20 })}.sig`;
    await member!.context.addCookies([{ ...cookie!, value: expiring }]);

    const [opened] = await Promise.all([member!.context.waitForEvent('page'), tile(page, NAMES.newTab).click()]);
    await opened.waitForURL((url) => url.pathname === '/new-tab', { timeout: UI_TIMEOUT });
    const token = new URL(opened.url()).searchParams.get('token');
    expect(await accessTokenOf(member!.context)).not.toBe(expiring);
    await expectApplicationToken(page, token, apps.newTab);
    expect(await echoedQuery(opened)).toMatchObject({ x: '1', token });
    await opened.close();
  });

  it('opens a studio app with its menu, each page saying honestly that it has no content yet', async () => {
    const page = member!.page;
    await tile(page, NAMES.studio).click();
    await page.waitForURL(new RegExp(`/studio/${apps.studio.id}$`), { timeout: UI_TIMEOUT });
    await heading(page, NAMES.studio).waitFor({ timeout: UI_TIMEOUT });
    await page
      .getByRole('navigation', { name: `Pages of ${NAMES.studio}` })
      .getByRole('menuitem', { name: 'Leave form' })
      .click();
    await page.waitForURL(new RegExp(`/studio/${apps.studio.id}/${studioPage.id}$`));
    await heading(page, 'Leave form').waitFor();
    await page.getByText('This studio page has no content yet.').waitFor();
  });

  it('lands on the favourite after the next sign-in, and lists it as a quick link', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    const saved = configSaved(page, 'Navmenu');
    await appGroup(page)
      .getByRole('button', { name: `Add ${NAMES.studio} to favourites` })
      .click();
    await saved;
    await expect
      .poll(() =>
        appGroup(page)
          .getByRole('button', { name: `Remove ${NAMES.studio} from favourites` })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    const quickLinks = page.getByRole('navigation', { name: 'Main' });
    await quickLinks.getByRole('menuitem', { name: /Favourites/ }).click();
    await quickLinks.getByRole('menuitem', { name: NAMES.studio }).waitFor({ timeout: UI_TIMEOUT });

    await signOut(page);
    const next = await signInFresh();
    await next.waitForURL(new RegExp(`/studio/${apps.studio.id}$`), { timeout: UI_TIMEOUT });
    await heading(next, NAMES.studio).waitFor({ timeout: UI_TIMEOUT });
  });

  it('keeps a reordered workbench (moved with the keyboard) across sign-out and another browser', async () => {
    const page = member!.page;
    await page.goto('/OSWorkbench');
    const group = appGroup(page);
    await expect.poll(() => tileOrder(group), { timeout: UI_TIMEOUT }).toHaveLength(4);
    const saved = configSaved(page, 'Navmenu');
    await group.getByRole('button', { name: `Move ${NAMES.web}` }).focus();
    // Each step waits for what the drag announces to screen readers, so keys never outrun it.
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await page.keyboard.press('Space');
    // Picked up, then measured over its own place.
    await announced(`${NAMES.web} is over ${NAMES.web}.`);
    await page.keyboard.press('ArrowRight');
    await announced(`${NAMES.web} is over ${NAMES.current}.`);
    await page.keyboard.press('Space');
    await saved;
    const reordered = [NAMES.current, NAMES.web, NAMES.newTab, NAMES.studio].map((name) => `Open ${name}`);
    await expect.poll(() => tileOrder(group)).toEqual(reordered);

    await signOut(page);
    const next = await signInFresh();
    await next.goto('/OSWorkbench');
    await expect.poll(() => tileOrder(appGroup(next)), { timeout: UI_TIMEOUT }).toEqual(reordered);
  });

  it('switches to dark, the top menu and zh-CN, and keeps them at the next sign-in in another browser', async () => {
    const page = member!.page;
    const layout = page.locator('[data-nav-style]');
    const isDark = async (target: Page) =>
      target
        .locator('.ant-layout')
        .first()
        .evaluate((element) => {
          const [r = 255, g = 255, b = 255] = (
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } })
              .getComputedStyle(element)
              .backgroundColor.match(/\d+/g) ?? []
          ).map(Number);
          return r + g + b < 120;
        });
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Open appearance and language settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Appearance and language' });
    const choose = async (label: string) => {
      const saved = configSaved(page, 'Preferences');
      await drawer.locator('label').filter({ hasText: label }).click();
      await saved;
    };
    await choose('Dark');
    await expect.poll(() => isDark(page)).toBe(true);
    await choose('Top');
    await expect.poll(() => layout.getAttribute('data-nav-style')).toBe('TOP');
    await choose('简体中文');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await page.getByRole('heading', { level: 1, name: '工作台' }).waitFor({ timeout: UI_TIMEOUT });
    // The menu's section titles and the internal applications' tiles, stored in English, follow too.
    await page
      .getByRole('menuitem', { name: /个人中心$/ })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await page
      .getByRole('button', { name: /消息中心/ })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });

    await signOut(page);
    const next = await signInFresh();
    await next.goto('/OSWorkbench');
    await next.getByRole('heading', { level: 1, name: '工作台' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await next.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await next.locator('[data-nav-style]').getAttribute('data-nav-style')).toBe('TOP');
    expect(await isDark(next)).toBe(true);
  });
});
