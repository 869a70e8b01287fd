import type { AccessKeyView, Bucket, RequestSeries } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, heading, openFromMenu, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Access keys and statistics: an administrator makes a key narrowed to one space, the read actions
 * and one source range (a bad range refused beside its field first), stores its secret from the
 * once-only dialog (never shown again, never in the list), then disables and deletes it. After some
 * uploads and downloads through the REST API the statistics page draws the traffic, the file types
 * and the largest spaces.
 */

const SPACE = 'e2e-oss-keys-stats';
const KEY_NAME = 'e2e narrow key';
/** In the contracts' order, as the policy is sent. */
const READ_ACTIONS = ['s3:GetBucketLocation', 's3:GetBucketVersioning', 's3:GetObject'];
const LIST_ACTIONS = [
  's3:ListAllMyBuckets',
  's3:ListBucket',
  's3:ListBucketVersions',
  's3:ListBucketMultipartUploads',
  's3:ListMultipartUploadParts',
];
const FILES: Record<string, Buffer> = {
  'notes.txt': Buffer.from('Statistics notes\n'.repeat(100)),
  'data.json': Buffer.from(JSON.stringify({ figures: [1, 2, 3] })),
};

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;
let token: string;
let spaceId: string;
let accessKeyId: string | undefined;
let firstSecret: string | undefined;

const keyRow = (page: Page, id: string) => page.getByRole('table', { name: 'Access keys' }).getByRole('row').filter({ hasText: id });
const confirmPopup = (page: Page, question: string) =>
  page.locator('.ant-popconfirm').filter({ hasText: question }).getByRole('button', { name: 'Confirm' }).click();

/** Raw bytes in and out through the REST API (counted by the server's request roll-ups). */
async function transfer(page: Page, method: 'PUT' | 'GET', key: string, body?: Buffer): Promise<void> {
  const response = await page.request.fetch(`/api/oss/v1/buckets/${spaceId}/files?key=${encodeURIComponent(key)}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': key.endsWith('.json') ? 'application/json' : 'text/plain' } : {}),
    },
    ...(body ? { data: body } : {}),
  });
  if (!response.ok()) throw new Error(`${method} ${key}: ${response.status()} ${await response.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  token = await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD);
  api = apiAs(admin.page.request, token);
  spaceId = (await api<Bucket>('POST', '/api/oss/v1/buckets', { name: SPACE })).id;
});

afterAll(async () => {
  if (accessKeyId) await api?.('DELETE', `/api/oss/v1/authorizations/${accessKeyId}`).catch(() => undefined);
  if (spaceId) {
    await api('DELETE', `/api/oss/v1/buckets/${spaceId}/data`, { name: SPACE }).catch(() => undefined);
    await api('DELETE', `/api/oss/v1/buckets/${spaceId}`).catch(() => undefined);
  }
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('oss-keys-stats', () => ({ admin }));

describe('access keys', () => {
  it('makes a key with a narrow policy, a bad source range refused beside its field', async () => {
    const { page } = admin;
    await openFromMenu(page, ['Object storage', 'Authorisation policies']);
    await heading(page, 'Authorisation policies').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('tab', { name: "All users' keys" }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New access key' }).first().click();
    const form = dialog(page, 'New access key');
    await form.getByLabel('Name', { exact: true }).fill(KEY_NAME);

    // One space instead of all of them.
    await form.getByRole('switch', { name: 'All buckets' }).click();
    await form.getByLabel('Buckets', { exact: true }).click();
    await page.keyboard.type(SPACE);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(SPACE, { exact: true }).click();
    await page.keyboard.press('Escape');

    // Read only: the list actions ticked by default are unticked.
    for (const action of LIST_ACTIONS) await form.getByRole('checkbox', { name: action, exact: true }).uncheck();

    const sources = form.getByLabel('Source addresses', { exact: true });
    await sources.click();
    await page.keyboard.type('10.0.0.0/33');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Not an IP address or CIDR range: 10.0.0.0/33').waitFor({ timeout: UI_TIMEOUT });
    await form
      .locator('.ant-select-selection-item')
      .filter({ hasText: '10.0.0.0/33' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await sources.click();
    await page.keyboard.type('10.0.0.0/8');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    // The secret, this once, with a warning; the dialog closes only on purpose.
    const secretDialog = dialog(page, 'Store the secret now');
    await secretDialog.getByText('shown this once', { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    accessKeyId = (await secretDialog.getByTestId('issued-key-id').innerText()).trim();
    const secret = (await secretDialog.getByTestId('issued-secret').innerText()).trim();
    expect(accessKeyId).toMatch(/^PK[A-Z2-7]{18}$/);
    expect(secret.length).toBeGreaterThanOrEqual(20);
    firstSecret = secret;
    expect(await secretDialog.getByRole('button', { name: /^Copy/ }).count()).toBe(2);
    await page.keyboard.press('Escape');
    await expect.poll(() => secretDialog.isVisible()).toBe(true);
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await secretDialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    // The list shows the key, never its secret.
    const row = keyRow(page, accessKeyId);
    await row.getByText('Enabled', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await row.getByText(SPACE).waitFor();
    await row.getByText('Read', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);

    const keys = await api<AccessKeyView[]>('GET', '/api/oss/v1/authorizations');
    const made = keys.find((key) => key.accessKeyId === accessKeyId);
    expect(made).toMatchObject({ name: KEY_NAME, enabled: true });
    expect(made?.policy).toEqual({ buckets: [SPACE], prefixes: [], actions: READ_ACTIONS, expiresAt: null, sourceCidrs: ['10.0.0.0/8'] });
    expect(JSON.stringify(keys)).not.toContain(secret);
  });

  it('gives the key a new secret, shown once, then disables and deletes it, each after a confirmation', async () => {
    const { page } = admin;
    const id = accessKeyId!;
    await keyRow(page, id).getByRole('button', { name: 'New secret' }).click();
    await confirmPopup(page, `Give key ${id} a new secret?`);
    const secretDialog = dialog(page, 'Store the secret now');
    const secret = (await secretDialog.getByTestId('issued-secret').innerText({ timeout: UI_TIMEOUT })).trim();
    expect((await secretDialog.getByTestId('issued-key-id').innerText()).trim()).toBe(id);
    expect(secret).not.toBe(firstSecret);
    await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
    await secretDialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(await page.content()).not.toContain(secret);

    await keyRow(page, id).getByRole('button', { name: 'Disable' }).click();
    await confirmPopup(page, `Disable key ${id}?`);
    await keyRow(page, id).getByText('Disabled', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const disabled = (await api<AccessKeyView[]>('GET', '/api/oss/v1/authorizations')).find((key) => key.accessKeyId === id);
    expect(disabled?.enabled).toBe(false);

    await keyRow(page, id).getByRole('button', { name: 'Delete' }).click();
    await confirmPopup(page, `Delete key ${id}?`);
    await keyRow(page, id).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect((await api<AccessKeyView[]>('GET', '/api/oss/v1/authorizations')).some((key) => key.accessKeyId === id)).toBe(false);
    accessKeyId = undefined;
  });
});

describe('statistics', () => {
  it('draws the traffic, the file types and the largest spaces after uploads and downloads', async () => {
    const { page } = admin;
    for (const [key, bytes] of Object.entries(FILES)) await transfer(page, 'PUT', key, bytes);
    await transfer(page, 'GET', 'notes.txt');
    // Request counts reach the roll-ups every few seconds: wait for them there, then look at the page.
    await expect
      .poll(
        async () => {
          const series = await api<RequestSeries>('GET', `/api/oss/v1/analysis/requests?bucketId=${spaceId}&granularity=hour`);
          return series.points.reduce((sum, point) => sum + point.requests, 0);
        },
        { timeout: UI_TIMEOUT * 2, interval: 1000 },
      )
      .toBeGreaterThanOrEqual(3);

    await openFromMenu(page, ['Object storage', 'Statistics']);
    await heading(page, 'Statistics').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('combobox', { name: 'Space' }).click();
    await page.keyboard.type(SPACE);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(SPACE, { exact: true }).click();

    // Each canvas says nothing to a screen reader: its summary names the figures, in human units.
    await page
      .getByRole('img', { name: /^Requests and traffic: Requests [1-9]\d*, Uploaded [\d.]+ (B|KiB), Downloaded [\d.]+ (B|KiB)$/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('img', { name: /^Requests by method: .*PUT 2/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('img', { name: /^File types by count: .*text 1/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('img', { name: new RegExp(`^Largest spaces: ${SPACE} [\\d.]+ KiB$`) }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('img', { name: new RegExp(`^Share of the total stored: ${SPACE} `) }).waitFor({ timeout: UI_TIMEOUT });

    // A range longer than a week is drawn by the day.
    await page.getByText('Last 30 days', { exact: true }).click();
    await page.getByText('by the day', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('img', { name: /^Requests and traffic: Requests [1-9]/ }).waitFor({ timeout: UI_TIMEOUT });
  });
});
