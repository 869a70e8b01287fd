import { type FrontendResources, type MenuNode, type NoticeEntry, type NotifyBody, type Application } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi } from '../support/api.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { E2E_ADMIN_PASSWORD, E2E_PLAIN_USER } from '../support/seed.ts';

/**
 * The inbox end to end: the plain user has the portal open; the administrator sends them a message
 * through the API and the header bell counts it within two seconds, without a reload (the stream).
 * Opening it marks it read and the count drops; the message centre lists it; the administrator's
 * own browser never shows it. A notice on a message opens its application page from the toast.
 */

/** The spec's bound for a pushed message to show, counted from the moment the send returned. */
const PUSH_TIMEOUT = 2_000;

interface Session {
  context: BrowserContext;
  page: Page;
  token: string;
}

let browser: Browser;
let admin: Session;
let member: Session;
let memberId: string;

/** Signs in through the login page, waits for the stream to be open, and returns the session with its access token. */
async function signIn(username: string, password: string): Promise<Session> {
  const session = await newPage(browser);
  const streamOpen = session.page.waitForResponse((r) => r.url().includes('/inside-messages/stream') && r.status() === 200, {
    timeout: UI_TIMEOUT,
  });
  const token = await signInForApi(session, username, password);
  await streamOpen;
  return { ...session, token };
}

/** A JSON call with a session's bearer token; anything but 2xx fails the test with the server's answer. */
const call = <T>(session: Session, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> =>
  apiAs(session.page.request, session.token)<T>(method, path, data);

const notify = (body: Omit<NotifyBody, 'to'>) =>
  call<{ id: string; recipients: number }>(admin, 'POST', '/api/message-engine/common/notify', { ...body, to: { userIds: [memberId] } });

const bell = (page: Page) => page.getByTestId('notification-bell');
const unreadOf = (page: Page) => bell(page).getAttribute('data-unread');

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin', E2E_ADMIN_PASSWORD);
  member = await signIn(E2E_PLAIN_USER.username, E2E_PLAIN_USER.password);
  memberId = (await call<{ id: string }>(member, 'GET', '/api/permission/users/self')).id;
});
afterAll(async () => {
  await admin?.context.close();
  await member?.context.close();
  await browser?.close();
});

screenshotsOnFailure('inbox', () => ({ admin, member }));

describe('inbox and header bell', () => {
  const title = `Quarterly report is ready ${Date.now()}`;

  it('counts a message pushed to the open portal within two seconds, without a reload', async () => {
    await expect.poll(() => unreadOf(member.page), { timeout: UI_TIMEOUT }).toBe('0');
    const adminUnreadBefore = await unreadOf(admin.page);
    const loads = { count: 0 };
    member.page.on('framenavigated', (frame) => {
      if (frame === member.page.mainFrame()) loads.count += 1;
    });

    const sent = await notify({ title, content: 'The figures for the quarter are in.' });
    expect(sent.recipients).toBe(1);
    await expect.poll(() => unreadOf(member.page), { timeout: PUSH_TIMEOUT, interval: 50 }).toBe('1');
    expect(await bell(member.page).getAttribute('aria-label')).toBe('Notifications, 1 unread message');
    await member.page.getByTestId('inside-message-toast').filter({ hasText: title }).waitFor({ timeout: PUSH_TIMEOUT });
    expect(loads.count).toBe(0);

    // The other user's browser: its count has not moved, even after its next poll.
    await admin.page.waitForResponse((r) => r.url().includes('/inside-messages/unread'), { timeout: UI_TIMEOUT });
    expect(await unreadOf(admin.page)).toBe(adminUnreadBefore);
    expect(await admin.page.getByTestId('inside-message-toast').filter({ hasText: title }).count()).toBe(0);
  });

  it('opens the message from the bell, which marks it read and lowers the count', async () => {
    const { page } = member;
    await bell(page).click();
    const popover = page.locator('.ant-popover').filter({ hasText: 'Unread messages' });
    await popover.getByRole('button', { name: new RegExp(title) }).click();

    await page.waitForURL(/\/msgCenter\?message=/, { timeout: UI_TIMEOUT });
    await page.getByRole('heading', { level: 2, name: title }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBe('0');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
  });

  it('lists the message in the message centre, read, under its source', async () => {
    const { page } = member;
    const table = page.getByRole('table', { name: 'Messages' });
    const row = table.getByRole('row').filter({ hasText: title });
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.getByText('Read', { exact: true }).isVisible()).toBe(true);

    await page
      .getByRole('navigation', { name: 'Filter by source' })
      // The server sets a person's source from their account: the administrator sent it.
      .getByRole('menuitem', { name: /user:admin/ })
      .click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: title }).count(), { timeout: UI_TIMEOUT }).toBe(1);
    await page.locator('.ant-segmented').getByText('Unread', { exact: true }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: title }).count(), { timeout: UI_TIMEOUT }).toBe(0);
  });

  it('lists it among the read private messages of the personal centre, not the unread ones', async () => {
    const { page } = member;
    await page.goto('/personalCenter/privateMessages/unreadMessages');
    const table = page.getByRole('table', { name: 'Unread' });
    await table.waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('No unread messages. You are all caught up.').waitFor({ timeout: UI_TIMEOUT });

    await page.goto('/personalCenter/privateMessages/readMessages');
    await page.getByRole('table', { name: 'Read' }).getByRole('button', { name: title }).click();
    await page.waitForURL(/\/personalCenter\/privateMessages\/readMessages\/[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT });
    await page.getByRole('heading', { level: 2, name: title }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('The figures for the quarter are in.').waitFor({ timeout: UI_TIMEOUT });
  });

  it('never shows the message to another user', async () => {
    const { page } = admin;
    await page.goto(`/msgCenter`);
    await page.getByRole('table', { name: 'Messages' }).waitFor({ timeout: UI_TIMEOUT });
    const search = page.getByLabel('Search title or content');
    await search.fill(title);
    const searched = page.waitForResponse((r) => r.url().includes('/inside-messages?') && r.url().includes('keyword='), {
      timeout: UI_TIMEOUT,
    });
    await search.press('Enter');
    await searched;
    await expect.poll(() => page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: title }).count()).toBe(0);
    const page1 = await call<{ total: number }>(
      admin,
      'GET',
      `/api/message-engine/v1/inside-messages?keyword=${encodeURIComponent(title)}`,
    );
    expect(page1.total).toBe(0);
  });
});

describe('notification clicks', () => {
  /** The personal centre's application and the id of its baseInfo menu, as the member sees them. */
  async function baseInfoNotice(): Promise<NoticeEntry[]> {
    const apps = await call<Application[]>(member, 'GET', '/api/permission/applications/self');
    const personalCentre = apps.find((app) => app.instant === 'personalCenter');
    if (!personalCentre) throw new Error('the personal centre is not among the member’s applications');
    const { menus } = await call<FrontendResources>(member, 'GET', '/api/permission/users/resources/frontend?instant=personalCenter');
    const find = (nodes: MenuNode[]): MenuNode | undefined =>
      nodes.map((node) => (node.resource === 'personalCenter:baseInfo' ? node : find(node.children))).find(Boolean);
    const baseInfo = find(menus);
    if (!baseInfo) throw new Error('no baseInfo menu for the member');
    return [
      { data: 'OS_APP_TYPE', value: 'path' },
      { data: 'OS_APP_ID', value: personalCentre.id },
      { data: 'OS_MENU_ID', value: baseInfo.id },
    ];
  }

  it('opens the application page a notice names, from the toast', async () => {
    const { page } = member;
    await page.goto('/OSWorkbench');
    await page.waitForResponse((r) => r.url().includes('/inside-messages/stream') && r.status() === 200, { timeout: UI_TIMEOUT });
    const noticeTitle = `Update your profile ${Date.now()}`;
    await notify({ title: noticeTitle, content: 'Please add a picture.', notice: await baseInfoNotice() });
    const toast = page.getByTestId('inside-message-toast').filter({ hasText: noticeTitle });
    await toast.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/personalCenter\/baseInfo$/, { timeout: UI_TIMEOUT });
    await expect.poll(() => unreadOf(page), { timeout: UI_TIMEOUT }).toBe('0');
  });

  it('explains that other application types cannot be opened yet', async () => {
    const { page } = member;
    const otherTitle = `Third-party report ${Date.now()}`;
    await notify({ title: otherTitle, content: '', notice: [{ data: 'OS_APP_TYPE', value: 'WebThird' }] });
    const toast = page.getByTestId('inside-message-toast').filter({ hasText: otherTitle });
    await toast.getByRole('button', { name: 'Open' }).click();
    await page.getByText('Other types are not supported yet').waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe('/personalCenter/baseInfo');
  });
});
