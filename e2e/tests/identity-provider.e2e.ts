import type { ThirdPartyBinding } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { baseUrl, fillSignInForm, launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { startProviderPortal, type ProviderPortal } from '../support/provider-portal.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Signing in through an external identity provider: a second portal on another port is the
 * provider (a confidential client registered there with the operator's script). A person with an
 * account here and one there links them by signing in there, then here with the password once;
 * the next sign-in through the provider needs no password; unlinking in the personal centre works.
 */
const USER = { username: 'e2e.linked', name: 'Linked User', setByAdmin: 'Set-by-admin-1', password: 'Linked-pass-2' };
const PROVIDER = { id: 'portal-b', name: 'Portal B', clientId: 'portal-a', secret: 'portal-a-client-secret-1' };

let browser: Browser;
let provider: ProviderPortal;
let admin: ApiCall;
let adminContext: BrowserContext | undefined;

beforeAll(async () => {
  provider = await startProviderPortal({
    id: PROVIDER.clientId,
    secret: PROVIDER.secret,
    redirectUri: `${baseUrl()}/api/reception-center/oauth/third/callback`,
  });
  browser = await launchBrowser();
  const session = await newPage(browser);
  admin = apiAs(session.page.request, await signInForApi(session, 'admin', E2E_ADMIN_PASSWORD));
  await admin('POST', '/api/system-config/third/portal/providers', {
    id: PROVIDER.id,
    name: PROVIDER.name,
    icon: null,
    issuer: provider.issuer,
    clientId: PROVIDER.clientId,
    clientSecret: PROVIDER.secret,
    scopes: ['profile', 'email'],
    enabled: true,
  });
  await admin('POST', '/api/permission/users', { username: USER.username, name: USER.name, password: USER.setByAdmin });
  const changed = await session.page.request.put('/api/reception-center/oauth/password', {
    data: { username: USER.username, oldPassword: USER.setByAdmin, newPassword: USER.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // Kept open: the administrator's calls go through its request context until the end.
  adminContext = session.context;
});
afterAll(async () => {
  await admin?.('DELETE', '/api/system-config/third/portal/providers/portal-b').catch(() => undefined);
  await adminContext?.close();
  await browser?.close();
  await provider?.stop();
});

/** From this portal's sign-in page, through the provider's button, to the provider's own sign-in. */
async function throughProviderButton(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForURL(/\/login/, { timeout: UI_TIMEOUT });
  await page.getByRole('link', { name: PROVIDER.name }).click();
  await page.waitForURL((url) => url.origin !== new URL(baseUrl()).origin && url.pathname === '/login', { timeout: UI_TIMEOUT });
}

describe('an external identity provider', () => {
  it('links an account by signing in there and here once; then signs in through it alone, and unlinks', async () => {
    const { context, page } = await newPage(browser);
    await throughProviderButton(page);
    await fillSignInForm(page, 'admin', E2E_ADMIN_PASSWORD);

    // Back here, the identity is unknown: the password, once, links it.
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('bind') === PROVIDER.id, { timeout: UI_TIMEOUT });
    await page.getByText(`link your ${PROVIDER.name} account`).waitFor({ timeout: UI_TIMEOUT });
    await fillSignInForm(page, USER.username, USER.password);
    await page.waitForURL(/\/boundAccountResult\?result=success/, { timeout: UI_TIMEOUT });
    await page.getByText(`${PROVIDER.name} account bound`).first().waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'Continue' }).click();
    await signedIn(page);
    await context.close();

    // A new browser: the provider alone signs the user in.
    const second = await newPage(browser);
    await throughProviderButton(second.page);
    await fillSignInForm(second.page, 'admin', E2E_ADMIN_PASSWORD);
    await signedIn(second.page);
    const asUser = apiAs(second.page.request, (await accessTokenOf(second.context)) ?? '');
    expect((await asUser<{ username: string }>('GET', '/api/reception-center/member/who')).username).toBe(USER.username);

    // The personal centre lists the link and unlinks it (the user has a password, so it may go).
    await second.page.goto('/personalCenter/boundAccount');
    const row = second.page.getByRole('row', { name: new RegExp(PROVIDER.name) });
    await row.waitFor({ timeout: UI_TIMEOUT });
    await row.getByRole('button', { name: 'Unlink' }).click();
    await second.page.getByRole('tooltip').getByRole('button', { name: 'Unlink' }).click();
    await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await asUser<ThirdPartyBinding[]>('GET', '/api/permission/users/self/third')).toEqual([]);
    await second.context.close();
  });

  it('creates an account for an unknown identity when the settings allow it', async () => {
    await admin('PUT', '/api/system-config/third/portal', { autoLink: false, createAccounts: true });
    const { context, page } = await newPage(browser);
    try {
      await throughProviderButton(page);
      await fillSignInForm(page, 'admin', E2E_ADMIN_PASSWORD);
      await signedIn(page);
      const asNew = apiAs(page.request, (await accessTokenOf(context)) ?? '');
      const created = await asNew<{ id: string; username: string }>('GET', '/api/reception-center/member/who');
      // "admin" is taken here: the new account gets a name of its own, and its only way in is the provider.
      expect(created.username).toMatch(/^portal-b-/);
      expect(await asNew<ThirdPartyBinding[]>('GET', '/api/permission/users/self/third')).toMatchObject([{ type: PROVIDER.id }]);
      await admin('DELETE', `/api/permission/users/${created.id}`);
    } finally {
      await admin('PUT', '/api/system-config/third/portal', { autoLink: false, createAccounts: false });
      await context.close();
    }
  });
});
