import type { AuthSettings, SettingsStateOf } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpPeer, type HttpPeer } from '../../apps/server/test/factories/channels.ts';
import { apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * SMS-code sign-in end to end: the administrator sets up an SMS channel pointing at an HTTP gateway
 * this test starts, starts it and switches SMS-code sign-in on; a user then signs in on the login
 * page's "SMS code" tab with the code the gateway received.
 */

const CHANNEL_ID = 'e2e-sms';
const CHANNELS = '/api/message-engine/v1/channels';
const AUTH_PATH = '/api/system-config/auth/portal';
const MEMBER = { username: 'e2e.texted', name: 'Texted Member', phone: '+44 7700 900777', password: 'Texted-pass-12' };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page } | undefined;
let call: ApiCall;
let gateway: HttpPeer;
let originalAuth: AuthSettings | undefined;

beforeAll(async () => {
  gateway = await startHttpPeer(() => ({ status: 202 }));
  browser = await launchBrowser();
  admin = await newPage(browser);
  call = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));

  // A user with a phone number and a password of their own (the administrator's one replaced).
  const initialPassword = 'Initial-pass-1';
  await call('POST', '/api/permission/users', {
    username: MEMBER.username,
    name: MEMBER.name,
    phone: MEMBER.phone,
    password: initialPassword,
  });
  const changed = await admin.page.request.put('/api/reception-center/oauth/password', {
    data: { username: MEMBER.username, oldPassword: initialPassword, newPassword: MEMBER.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await call('POST', CHANNELS, {
    id: CHANNEL_ID,
    name: 'E2E SMS gateway',
    type: 'sms',
    settings: {
      url: `${gateway.url}/send`,
      method: 'POST',
      headers: [],
      contentType: 'application/json',
      bodyTemplate: '{"to":"{{ phone }}","text":"{{ content }}"}',
    },
  });
  await call('PATCH', `${CHANNELS}/${CHANNEL_ID}/state`);
  originalAuth = (await call<SettingsStateOf<AuthSettings>>('GET', AUTH_PATH)).value;
  await call('PUT', AUTH_PATH, { ...originalAuth, signInOptions: { ...originalAuth.signInOptions, smsCode: true } });
});

afterAll(async () => {
  if (originalAuth) await call('PUT', AUTH_PATH, originalAuth).catch(() => undefined);
  await call?.('DELETE', `${CHANNELS}/${CHANNEL_ID}/state`).catch(() => undefined);
  await call?.('DELETE', `${CHANNELS}/${CHANNEL_ID}`).catch(() => undefined);
  await member?.context.close();
  await admin?.context.close();
  await browser?.close();
  await gateway?.close();
});

screenshotsOnFailure('sms-sign-in', () => ({ admin, member }));

/** The code in the last text the gateway received for the member's number. */
function codeAtGateway(): string | undefined {
  const texts = gateway.requests.map((request) => JSON.parse(request.body) as { to: string; text: string });
  const last = texts.filter((sent) => sent.to.replace(/ /g, '') === MEMBER.phone.replace(/ /g, '')).at(-1);
  return last && /code is (\d{6})\./.exec(last.text)?.[1];
}

describe('SMS-code sign-in', () => {
  it('signs a user in on the login page with the code the SMS gateway received', async () => {
    member = await newPage(browser);
    const { page } = member;
    await page.goto('/login');
    const tab = page.getByRole('tab', { name: 'SMS code' });
    await tab.waitFor({ timeout: UI_TIMEOUT });
    // Keyboard: from the selected tab, the arrow key moves to the SMS tab.
    await page.getByRole('tab', { name: 'Password' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: UI_TIMEOUT }).toBe('true');

    // A wrong code first: refused, in words.
    await page.getByLabel('Mobile phone number').fill(MEMBER.phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Send again in \d+ s/ }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(codeAtGateway, { timeout: UI_TIMEOUT }).toMatch(/^\d{6}$/);
    const code = codeAtGateway() ?? '';
    await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is wrong' }).waitFor({ timeout: UI_TIMEOUT });

    await page.getByLabel('Code from the SMS').fill(code);
    await page.getByLabel('Code from the SMS').press('Enter');
    await signedIn(page);
    await expect.poll(() => page.getByText(MEMBER.name).first().isVisible(), { timeout: UI_TIMEOUT }).toBe(true);
  });
});
