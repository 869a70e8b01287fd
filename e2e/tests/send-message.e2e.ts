import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/test/smtp-peer.ts';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { heading, openFromMenu, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD, E2E_PLAIN_USER } from '../support/seed.ts';

/**
 * Sending end to end: the administrator has an email channel (pointing at an SMTP server this test
 * starts) and two templates, one for email and one in-app, whose default receivers are a group; on
 * Send a message they choose both, fill the variable and send to that group; the progress shows every delivery
 * settled, the message record lists the receivers delivered on both channels, the mail arrives
 * rendered, and the in-app copy reaches the group member's bell in their open portal.
 */

const ENGINE = '/api/message-engine';
const CHANNEL = 'e2e-send-mail';
const TEMPLATES = ['e2e-send-mail-t', 'e2e-send-inapp-t'];
const MEMBER_EMAIL = 'plain.user@e2e.test';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let api: ApiCall;
let smtp: SmtpPeer;
let groupId: string;
let memberApi: ApiCall;
let plainId: string;

const bell = (page: Page) => page.getByTestId('notification-bell');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  browser = await launchBrowser();
  admin = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  member = await newPage(browser);
  memberApi = apiAs(member.page.request, await signInForApi(member, E2E_PLAIN_USER.username, E2E_PLAIN_USER.password));

  const [plain] = (
    await api<{ list: { id: string; username: string; name: string }[] }>('GET', `/api/permission/users?keyword=${E2E_PLAIN_USER.username}`)
  ).list;
  if (!plain) throw new Error('no plain user');
  plainId = plain.id;
  await api('PUT', `/api/permission/users/${plain.id}`, { username: plain.username, name: plain.name, email: MEMBER_EMAIL });
  const stamp = Date.now();
  const group = await api<{ id: string }>('POST', '/api/permission/groups', { code: `send-${stamp}`, name: `Send group ${stamp}` });
  await api('PUT', `/api/permission/users/${plain.id}/groups/all`, { groupIds: [group.id] });

  await api('POST', `${ENGINE}/v1/channels`, {
    type: 'email',
    id: CHANNEL,
    name: 'E2E send mail',
    settings: { host: '127.0.0.1', port: Number(new URL(smtp.url).port), security: 'none', from: { address: 'portal@e2e.test' } },
  });
  await api('PATCH', `${ENGINE}/v1/channels/${CHANNEL}/state`);
  groupId = group.id;
  const variables = [{ name: 'week', sample: '12' }];
  await api('POST', `${ENGINE}/v1/templates`, {
    id: TEMPLATES[0],
    name: 'Weekly report (mail)',
    channelId: CHANNEL,
    subject: 'Report for week {{ week }}',
    body: 'The report for week {{ week }} is ready.',
    variables,
  });
  await api('POST', `${ENGINE}/v1/templates`, {
    id: TEMPLATES[1],
    name: 'Weekly report (in-app)',
    channelId: 'inApp',
    subject: 'Week {{ week }} report ready',
    body: 'Open the reports to read it.',
    variables,
  });
  for (const id of TEMPLATES) await api('PUT', `${ENGINE}/v1/templates/${id}/receivers`, { groupIds: [groupId] });
});
afterAll(async () => {
  for (const id of TEMPLATES) await api?.('DELETE', `${ENGINE}/v1/templates/${id}`).catch(() => undefined);
  // The plain user is shared with other files (the inbox's counts start from none): leave them as found.
  const inbox = await memberApi?.<{ list: { id: string }[] }>('GET', `${ENGINE}/v1/inside-messages?size=100`).catch(() => undefined);
  if (inbox && inbox.list.length > 0)
    await memberApi('DELETE', `${ENGINE}/v1/inside-messages`, { ids: inbox.list.map((message) => message.id) });
  await api?.('PUT', `/api/permission/users/${plainId}/groups/all`, { groupIds: [] }).catch(() => undefined);
  await api?.('PUT', `/api/permission/users/${plainId}`, { username: E2E_PLAIN_USER.username, name: 'Plain User', email: null }).catch(
    () => undefined,
  );
  await admin?.context.close();
  await member?.context.close();
  await browser?.close();
  await smtp?.close();
});

screenshotsOnFailure('send-message', () => ({ admin, member }));

describe('send a message', () => {
  it(
    'sends templates to a group from the page, shows the deliveries settle, and the member gets the mail and the in-app copy',
    { timeout: 120_000 },
    async () => {
      const { page } = admin;
      const unreadBefore = Number(await bell(member.page).getAttribute('data-unread'));
      await heading(page, 'Workbench').waitFor({ timeout: UI_TIMEOUT });
      await openFromMenu(page, ['Message centre', 'Send a message']);
      await heading(page, 'Send a message').waitFor({ timeout: UI_TIMEOUT });

      const templates = page.getByLabel('Templates', { exact: true });
      for (const name of ['Weekly report (mail) · E2E send mail', 'Weekly report (in-app) · In-app']) {
        await templates.click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(name, { exact: true }).click();
      }
      await page.keyboard.press('Escape');
      // The variable comes prefilled with its sample; the preview follows what is typed.
      const week = page.getByLabel('week', { exact: true });
      expect(await week.inputValue()).toBe('12');
      await week.fill('48');
      await page.getByText('Report for week 48').first().waitFor({ timeout: UI_TIMEOUT });

      // No receivers chosen here: the templates' default receivers, the group, are used.
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();

      await page.getByText('Sent to 1 person').waitFor({ timeout: UI_TIMEOUT });
      await page.getByText('Every delivery is settled').waitFor({ timeout: UI_TIMEOUT });

      // The record: both channels delivered to the member.
      await page.getByRole('link', { name: 'Open the message record' }).click();
      await heading(page, 'Report for week 48').waitFor({ timeout: UI_TIMEOUT });
      const rows = page.getByRole('row').filter({ hasText: 'Plain User' });
      await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT }).toBe(2);
      await expect.poll(() => rows.filter({ hasText: 'Delivered' }).count(), { timeout: UI_TIMEOUT }).toBe(2);
      await rows.filter({ hasText: MEMBER_EMAIL }).waitFor({ timeout: UI_TIMEOUT });

      const [mail] = smtp.to(MEMBER_EMAIL);
      expect(mail?.headers.subject).toBe('Report for week 48');
      expect(mail?.text).toContain('The report for week 48 is ready.');

      // The in-app copy reached the member's open portal, without a reload.
      await expect
        .poll(async () => Number(await bell(member.page).getAttribute('data-unread')), { timeout: UI_TIMEOUT })
        .toBe(unreadBefore + 1);
      await bell(member.page).click();
      await member.page.getByText('Week 48 report ready').first().waitFor({ timeout: UI_TIMEOUT });
    },
  );
});
