import type { Application } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.ts';
import { baseUrl, fillSignInForm, launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import type { RelyingParty } from '../support/oidc-relying-party.ts';
import { startSsoApplication } from '../support/sso-application.ts';

/**
 * Single sign-on into a registered application (issue 14): a third-party web application whose
 * server uses an unmodified OpenID Connect library signs a member in with code + PKCE through the
 * portal's own login page; once the member is signed in to the portal, the workbench opens the
 * application with no second password prompt and no token in its address. The member reaches the
 * application through an authorisation its administrator gave in the application's user permission.
 */
const STAMP = Date.now();
const MEMBER = { username: `e2e.sso${STAMP}`, name: 'SSO Member', initialPassword: 'Initial-pass-1', password: 'Sso-member-pass-2' };
const APP_NAME = `E2E SSO ${STAMP}`;

let rp: RelyingParty;
let application: Application;
let browser: Browser;
let member: { context: BrowserContext; page: Page };
const session = adminSession((api) => api('DELETE', `/api/permission/applications/${application.id}`));
screenshotsOnFailure('application-sso', () => ({ member }));

beforeAll(async () => {
  const sso = await startSsoApplication(session, {
    instant: `e2esso${STAMP}`,
    name: APP_NAME,
    member: MEMBER,
    role: { code: `e2e_sso_${STAMP}`, name: `E2E SSO ${STAMP}` },
  });
  ({ rp, application } = sso);
  await session.api('PUT', `/api/permission/v4/applications/${application.id}/authorizations/user/${sso.member.id}`, {
    nodeIds: [application.menuId],
  });
  browser = await launchBrowser();
  member = await newPage(browser);
});

afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await rp?.close();
});

/** The addresses a page went through, from now on: to tell whether it ever showed the portal's login page. */
function visited(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

describe('an application signing its users in through the portal', () => {
  it("completes code + PKCE through the portal's login page", async () => {
    const { page } = member;
    await page.goto(`${rp.url}/start`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: UI_TIMEOUT });
    await fillSignInForm(page, MEMBER.username, MEMBER.password);
    // Not a first-party application: the member allows it once (issue 28; see oauth-consent.e2e.ts).
    await page.waitForURL((url) => url.pathname === '/consent', { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Allow', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`), { timeout: UI_TIMEOUT });
    expect(await page.locator('#user').innerText()).toBe(MEMBER.username);
  });

  it('is opened from the workbench with no second password prompt and no token in its address', async () => {
    const { page, context } = member;
    await page.goto('/OSWorkbench');
    const tile = page.getByRole('button', { name: `Open ${APP_NAME}`, exact: true });
    await tile.waitFor({ timeout: UI_TIMEOUT });
    const asked = rp.requests.length;
    let trail: string[] = [];
    context.once('page', (opened) => {
      trail = visited(opened);
    });
    const [opened] = await Promise.all([context.waitForEvent('page'), tile.click()]);
    await opened.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`), { timeout: UI_TIMEOUT });
    expect(await opened.locator('#user').innerText()).toBe(MEMBER.username);
    expect(trail.some((address) => address.startsWith(`${rp.url}/callback`))).toBe(true);
    expect(trail.some((address) => address.startsWith(baseUrl()) && new URL(address).pathname === '/login')).toBe(false);
    expect(rp.requests.slice(asked)[0]).toBe('/start');
    await opened.close();
  });
});
