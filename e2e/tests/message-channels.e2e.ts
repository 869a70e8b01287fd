import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/server/test/free-port.ts';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/smtp-peer.ts';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, heading, openFromMenu, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The channels page end to end: the administrator creates an email channel pointing at an SMTP
 * server this test starts (the id checked live against the taken ones), starts it, sends a test
 * message that arrives there, sees a refused test explained, creates a webhook channel whose
 * generated secret is shown once, and deletes it after confirming.
 */

const CHANNELS = '/api/message-engine/v1/channels';
const MAIL_ID = 'e2e-mail';
const HOOK_ID = 'e2e-hook';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  browser = await launchBrowser();
  admin = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
});
afterAll(async () => {
  for (const id of [MAIL_ID, HOOK_ID]) await api?.('DELETE', `${CHANNELS}/${id}`).catch(() => undefined);
  await admin?.context.close();
  await browser?.close();
  await smtp?.close();
});

screenshotsOnFailure('message-channels', () => ({ admin }));

describe('message channels', () => {
  it('creates an email channel, starts it and sends a test message that arrives', async () => {
    const { page } = admin;
    await openFromMenu(page, ['Message centre', 'Channels']);
    await heading(page, 'Channels').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('row').filter({ hasText: 'In-app' }).waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'New channel' }).click();
    const form = dialog(page, 'New channel');
    await form.getByLabel('Type').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Email', { exact: true }).click();
    // The id is checked against the server as it is typed.
    await form.getByLabel('Id', { exact: true }).fill('inApp');
    await form.getByText('This id is taken').waitFor({ timeout: UI_TIMEOUT });
    await form.getByLabel('Id', { exact: true }).fill(MAIL_ID);
    await form.getByLabel('Name', { exact: true }).fill('E2E mail');
    await form.getByLabel('SMTP host').fill('127.0.0.1');
    await form.getByLabel('Port').fill(new URL(smtp.url).port);
    await form.getByLabel('Security').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('None (plain SMTP)').click();
    await form.getByLabel('From address').fill('portal@e2e.test');
    await submitDialog(form);

    const row = page.getByRole('row').filter({ hasText: MAIL_ID });
    await row.waitFor({ timeout: UI_TIMEOUT });
    const state = row.getByRole('switch', { name: 'Start E2E mail' });
    expect(await state.getAttribute('aria-checked')).toBe('false');
    await state.click();
    await expect.poll(() => state.getAttribute('aria-checked'), { timeout: UI_TIMEOUT }).toBe('true');

    await row.getByRole('button', { name: 'Test' }).click();
    const test = dialog(page, 'Send a test message on E2E mail');
    await test.getByLabel('Email address').fill('tester@e2e.test');
    await test.getByLabel('Subject').fill('Channel check');
    await test.getByRole('button', { name: 'Send' }).click();
    await test.getByText('Delivered: the provider accepted the test message.').waitFor({ timeout: UI_TIMEOUT });
    expect(smtp.to('tester@e2e.test').map((mail) => mail.headers.subject)).toEqual(['Channel check']);
    await test.getByRole('button', { name: 'Cancel' }).click();
  });

  it("shows the provider's refusal of a test message in the dialog", async () => {
    const { page } = admin;
    // The channel points at a port nobody listens on: the test message cannot be delivered, and the dialog says so
    // in the outbound guard's one sentence, which tells a closed port from nothing else (no port scanning).
    const stored = await api<{ name: string; settings: Record<string, unknown> }>('GET', `${CHANNELS}/${MAIL_ID}`);
    await api('PUT', `${CHANNELS}/${MAIL_ID}`, {
      type: 'email',
      name: stored.name,
      settings: { ...stored.settings, port: await freePort() },
    });
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: MAIL_ID });
    await row.getByRole('button', { name: 'Test' }).click();
    const test = dialog(page, 'Send a test message on E2E mail');
    await test.getByLabel('Email address').fill('tester@e2e.test');
    await test.getByRole('button', { name: 'Send' }).click();
    await test.getByText('Not delivered', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await test.getByText(/could not be reached/).waitFor({ timeout: UI_TIMEOUT });
    expect(await test.getByText(/ECONNREFUSED/).count()).toBe(0);
    await test.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a webhook channel whose generated secret is shown once, then deletes it after confirming', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'New channel' }).click();
    const form = dialog(page, 'New channel');
    await form.getByLabel('Type').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Webhook', { exact: true }).click();
    await form.getByLabel('Id', { exact: true }).fill(HOOK_ID);
    await form.getByLabel('Name', { exact: true }).fill('E2E hook');
    await form.getByLabel('Receiver address').fill('https://hooks.e2e.test/in');
    await submitDialog(form);

    const shown = dialog(page, 'Signing secret of E2E hook');
    const secret = (await shown.getByTestId('channel-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    const stored = await api<{ secrets: { signingSecret: boolean } }>('GET', `${CHANNELS}/${HOOK_ID}`);
    expect(stored.secrets.signingSecret).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const row = page.getByRole('row').filter({ hasText: HOOK_ID });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').filter({ hasText: 'Delete channel E2E hook?' }).getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});
