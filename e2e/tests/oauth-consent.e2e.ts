import type { Application } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.ts';
import { fillSignInForm, launchBrowser, newPage } from '../support/browser.ts';
import { heading, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import type { RelyingParty } from '../support/oidc-relying-party.ts';
import { startSsoApplication } from '../support/sso-application.ts';

/**
 * Consent (issue 28): an application not marked first-party signs a member in only once the member
 * has allowed it on the portal's consent page, which names the application, its client, the scopes in
 * plain words and the member's account. Denying sends access_denied back to the application; allowing
 * is remembered; removing the access under Personal centre > Security makes the application ask again.
 */
const STAMP = Date.now();
const MEMBER = { username: `e2e.consent${STAMP}`, name: 'Consent Member', initialPassword: 'Initial-pass-1', password: 'Consent-pass-2' };
const APP_NAME = `E2E Consent ${STAMP}`;
const SECURITY_PAGE = '/personalCenter/securitySetting';

let rp: RelyingParty;
let application: Application;
let clientId: string;
let browser: Browser;
let member: { context: BrowserContext; page: Page };
const session = adminSession((api) => api('DELETE', `/api/permission/applications/${application.id}`));
screenshotsOnFailure('oauth-consent', () => ({ member }));

beforeAll(async () => {
  ({ rp, application, clientId } = await startSsoApplication(session, {
    instant: `e2econsent${STAMP}`,
    name: APP_NAME,
    member: MEMBER,
    role: { code: `e2e_consent_${STAMP}`, name: `E2E Consent ${STAMP}` },
  }));
  browser = await launchBrowser();
  member = await newPage(browser);
});

afterAll(async () => {
  await member?.context.close();
  await browser?.close();
  await rp?.close();
});

const consentHeading = (page: Page) => heading(page, `Allow ${APP_NAME} to use your account?`);
const atCallback = (page: Page) => page.waitForURL((url) => url.href.startsWith(`${rp.url}/callback`), { timeout: UI_TIMEOUT });

/** Answers the consent page from the keyboard: the button focused, then Enter. */
async function answerByKeyboard(page: Page, button: 'Allow' | 'Deny'): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).focus();
  await page.keyboard.press('Enter');
}

describe('consent to an application signing a member in', () => {
  it('asks on the consent page after sign-in; Deny sends access_denied back and no code', async () => {
    const { page } = member;
    await page.goto(`${rp.url}/start`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: UI_TIMEOUT });
    await fillSignInForm(page, MEMBER.username, MEMBER.password);
    await page.waitForURL((url) => url.pathname === '/consent', { timeout: UI_TIMEOUT });
    await consentHeading(page).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText(`Signed in as ${MEMBER.name} (${MEMBER.username})`).waitFor();
    const scopes = page.getByRole('list', { name: `What ${APP_NAME} may do` });
    expect(await scopes.getByRole('listitem').allInnerTexts()).toEqual([
      'Confirm that it is you (your account identifier)',
      'See your name, username and profile picture',
    ]);
    await page.getByText(`Client ID: ${clientId}`).waitFor();
    // Only the ticket is in the address: nothing of the request that could be altered.
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['ticket']);

    await answerByKeyboard(page, 'Deny');
    await atCallback(page);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('signs the member in once allowed, and does not ask again', async () => {
    const { page } = member;
    await page.goto(`${rp.url}/start`);
    // Signed in to the portal already: straight to the consent page, which asks again after a denial.
    await consentHeading(page).waitFor({ timeout: UI_TIMEOUT });
    await answerByKeyboard(page, 'Allow');
    await atCallback(page);
    expect(await page.locator('#user').innerText()).toBe(MEMBER.username);

    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    await page.goto(`${rp.url}/start`);
    await atCallback(page);
    expect(await page.locator('#user').innerText()).toBe(MEMBER.username);
    expect(seen).not.toContain('/consent');
  });

  it('lists the application under Connected applications; removing its access (confirmed) makes it ask again', async () => {
    const { page } = member;
    await page.goto(SECURITY_PAGE);
    await heading(page, 'Security').waitFor({ timeout: UI_TIMEOUT });
    const connected = page.getByRole('table', { name: 'Connected applications' });
    const row = connected.getByRole('row').filter({ hasText: APP_NAME });
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.innerText()).toContain('See your name, username and profile picture');

    await row.getByRole('button', { name: `Remove access: ${APP_NAME}` }).click();
    await page.getByRole('tooltip').getByText(`Remove the access of ${APP_NAME}?`).waitFor();
    await page.getByRole('tooltip').getByRole('button', { name: 'Remove access' }).click();
    await connected.getByText('You have not allowed any application to use your account.').waitFor({ timeout: UI_TIMEOUT });

    await page.goto(`${rp.url}/start`);
    await consentHeading(page).waitFor({ timeout: UI_TIMEOUT });
  });
});
