import { REGISTRATION_SETTINGS, invitePageUrl } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, settings } from '../../apps/server/test/tables.ts';
import { sha256 } from '../../apps/server/src/platform/crypto.ts';
import { renderCaptcha } from '../../apps/server/src/modules/reception-center/sign-in/captcha-image.ts';
import { createInvite } from '../../apps/server/src/modules/permission/users/self-service/invites.ts';
import { codeIn } from '../../apps/server/test/smtp-peer.ts';
import { accessTokenOf, apiAs, signedIn, signInForApi } from '../support/api.ts';
import { fillSignInForm, launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { startExtraPortal, type ExtraPortal } from '../support/extra-portal.ts';
import { mailsTo } from '../support/mails.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The public account pages in a real browser. The shared portal has registration off (the
 * default) and a real SMTP peer; a second portal, seeded with registration and its captcha
 * switched on and with a pending invitation, covers the pages that need those.
 */

let browser: Browser;
let open: ExtraPortal;
let inviteToken = '';
let captchaId = '';
/** The answer of a captcha seeded into the second portal: the picture itself gives no script its answer. */
const CAPTCHA_ANSWER = 'K7PX3';
const INVITED_EMAIL = 'invited.person@example.test';

beforeAll(async () => {
  browser = await launchBrowser();
  open = await startExtraPortal(async (db) => {
    await db.insert(settings).values([
      { key: REGISTRATION_SETTINGS.enabled, value: true },
      { key: REGISTRATION_SETTINGS.captchaRequired, value: true },
    ]);
    inviteToken = await createInvite(db, { email: INVITED_EMAIL, orgId: null, invitedBy: null });
    const [captcha] = await db
      .insert(captchas)
      .values({ answerHash: sha256(CAPTCHA_ANSWER), expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    captchaId = captcha?.id ?? '';
  });
});
afterAll(async () => {
  await browser?.close();
  await open?.stop();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: UI_TIMEOUT });
const hasAccessToken = async (context: BrowserContext) => (await accessTokenOf(context)) !== undefined;

/** The page is shown the seeded captcha in place of a new one, so the test knows what to type. */
async function showSeededCaptcha(page: Page): Promise<void> {
  const image = `data:image/svg+xml;base64,${Buffer.from(renderCaptcha(CAPTCHA_ANSWER)).toString('base64')}`;
  await page.route('**/api/reception-center/oauth/verifyCode', (route) => route.fulfill({ json: { captchaId, image, expiresIn: 120 } }));
}

async function signInAndLand(page: Page, context: BrowserContext, username: string, password: string) {
  await fillSignInForm(page, username, password);
  await signedIn(page);
  expect(await hasAccessToken(context)).toBe(true);
}

describe('registration switched off (the default)', () => {
  it('offers no registration link and shows /register as closed, with the way to sign in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await page.goto('/register');
    await visible(page, 'Registration is closed').toBe(true);
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});

describe('registration switched on, with a captcha', () => {
  it('checks the username while it is typed, creates the account and signs in as it', async () => {
    const context = await browser.newContext({ baseURL: open.baseUrl });
    const page = await context.newPage();
    await showSeededCaptcha(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register$/);
    // The sign-in form has a Username field too: wait until the registration form has replaced it.
    await page.getByRole('form', { name: 'Create an account' }).waitFor({ timeout: UI_TIMEOUT });

    await field(page, 'Username').fill('admin');
    await visible(page, 'This username is already taken').toBe(true);
    await field(page, 'Username').fill('new.person');
    await visible(page, 'Available').toBe(true);
    expect(await page.getByText('This username is already taken').count()).toBe(0);

    await field(page, 'Full name').fill('New Person');
    await field(page, 'Email').fill('new.person@example.test');
    await field(page, 'Password').fill('new-person-password');
    await field(page, 'Confirm password').fill('something-else');
    await visible(page, 'The two passwords differ').toBe(true);
    await field(page, 'Confirm password').fill('new-person-password');
    await field(page, 'Verification code').fill(CAPTCHA_ANSWER);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/login$/, { timeout: UI_TIMEOUT });
    await visible(page, 'Your account new.person has been created. Sign in with it below.').toBe(true);
    await signInAndLand(page, context, 'new.person', 'new-person-password');
    await context.close();
  });

  it('says plainly that password recovery is unavailable on a portal without a mail server', async () => {
    const context = await browser.newContext({ baseURL: open.baseUrl });
    const page = await context.newPage();
    await page.goto('/forget');
    await field(page, 'Username or email').fill('admin');
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page, 'Password recovery by email is not available').toBe(true);
    await context.close();
  });
});

describe('joining by invitation', () => {
  it('shows the invitation, accepts it with a chosen username and password, then signs in', async () => {
    const context = await browser.newContext({ baseURL: open.baseUrl });
    const page = await context.newPage();
    await page.goto(invitePageUrl(open.baseUrl, inviteToken));
    await visible(page, `You were invited to join this portal. Choose a username and a password for ${INVITED_EMAIL}.`).toBe(true);
    await field(page, 'Username').fill('invited.person');
    await field(page, 'Full name').fill('Invited Person');
    await field(page, 'Password').fill('invited-password');
    await field(page, 'Confirm password').fill('invited-password');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL(/\/login$/, { timeout: UI_TIMEOUT });
    await visible(page, /Your account invited\.person is ready/).toBe(true);
    await signInAndLand(page, context, 'invited.person', 'invited-password');

    await page.goto(invitePageUrl(open.baseUrl, inviteToken));
    await visible(page, 'This invitation has already been used').toBe(true);
    await page.goto(invitePageUrl(open.baseUrl, 'no-such-invitation'));
    await visible(page, 'This invitation is not valid').toBe(true);
    await context.close();
  });
});

describe('forgotten password, with the code read from the mail', () => {
  const USER = { username: 'e2e.forgetful', email: 'forgetful@example.test', password: 'forgetful-old-1', next: 'forgetful-new-2' };

  beforeAll(async () => {
    const admin = await newPage(browser);
    const call = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
    await call('POST', '/api/permission/users', {
      username: USER.username,
      name: 'Forgetful User',
      email: USER.email,
      password: USER.password,
    });
    await admin.context.close();
  });

  it('mails a code, refuses a wrong one, resets the password and signs in with the new one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forget$/);
    await field(page, 'Username or email').fill(USER.username);
    await page.getByRole('button', { name: 'Send code' }).click();
    await visible(page, /a six-digit code is on its way/).toBe(true);
    expect(await page.getByRole('button', { name: /Send a new code \(\d+ s\)/ }).isDisabled()).toBe(true);

    await expect.poll(async () => (await mailsTo(USER.email)).length, { timeout: UI_TIMEOUT }).toBe(1);
    const code = codeIn((await mailsTo(USER.email))[0]);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await field(page, 'Code from the email').fill(wrong);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await visible(page, 'The code is wrong or has expired. Check it, or ask for a new one.').toBe(true);
    await field(page, 'Code from the email').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();

    await field(page, 'Password').fill(USER.next);
    await field(page, 'Confirm password').fill(USER.next);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login$/, { timeout: UI_TIMEOUT });
    await visible(page, /Your password has been changed/).toBe(true);

    const old = await page.request.post('/api/reception-center/oauth/jwt', { data: { username: USER.username, password: USER.password } });
    expect(old.status()).toBe(400);
    await signInAndLand(page, context, USER.username, USER.next);
    await context.close();
  });
});

describe('bound-account result', () => {
  it('shows the outcome of binding with the provider, and the way to sign in when signed out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/boundAccountResult?result=success&type=github');
    await page.getByRole('heading', { level: 1, name: 'GitHub account bound' }).waitFor({ timeout: UI_TIMEOUT });
    await page.goto('/boundAccountResult?result=failure&type=wechat&reason=already_bound');
    await page.getByRole('heading', { level: 1, name: 'Binding the WeChat account failed' }).waitFor({ timeout: UI_TIMEOUT });
    await visible(page, 'This WeChat account is already bound to another user.').toBe(true);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
