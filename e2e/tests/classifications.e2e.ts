import type { Preferences } from '@portal/contracts';
// exceljs is the server's dependency, hoisted to the workspace root: it writes the files a person would upload.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, heading, openFromMenu, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Message classifications: created from the keyboard, imported from a spreadsheet (a file with bad
 * rows refused as a whole, its rows shown; a good one imported), and muted for email in the
 * personal centre's notification settings.
 */

const HEADER = ['code', 'name', 'description', 'sort'];
const CREATED = { code: 'e2e.orders', name: 'E2E Orders' };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
});
afterAll(async () => {
  await api?.('PUT', '/api/message-engine/v1/preferences', { muted: [] }).catch(() => undefined);
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('classifications', () => ({ admin }));

async function workbookOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of [HEADER, ...rows]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('message classifications', () => {
  it('creates a classification from the keyboard, and shows the empty state for a search that finds none', async () => {
    const { page } = admin;
    await openFromMenu(page, ['Message centre', 'Classifications']);
    await heading(page, 'Classifications').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New classification' }).click();
    const form = dialog(page, 'New classification');
    // The first field has the focus: typing goes straight into it.
    const codeId = await form.getByLabel('Code', { exact: true }).getAttribute('id');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(codeId);
    await page.keyboard.type(CREATED.code);
    await page.keyboard.press('Tab');
    await page.keyboard.type(CREATED.name);
    await page.keyboard.press('Enter');
    // The new row first (the outcome), then the dialog gone: checked the other way round, the
    // dialog's close animation was caught at its start and never seen to end (Chromium 156 here).
    await rowWith(page, CREATED.code).waitFor({ timeout: UI_TIMEOUT });
    await form.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    await page.getByPlaceholder('Search by code or name').fill('no-such-classification');
    await page.keyboard.press('Enter');
    await page.getByText('No classifications yet').waitFor({ timeout: UI_TIMEOUT });
    await page.getByPlaceholder('Search by code or name').fill('');
    await page.keyboard.press('Enter');
    await rowWith(page, CREATED.code).waitFor({ timeout: UI_TIMEOUT });
  });

  it('imports a spreadsheet: the template downloads, a file with bad rows is refused naming them, a good one imports', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: /Import$/ }).click();
    const modal = dialog(page, 'Import classifications');
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Download the template' }).click();
    expect((await download).suggestedFilename()).toBe('classifications-template.xlsx');

    const bad = await workbookOf([
      ['e2e.fine', 'E2E Fine'],
      ['', 'E2E No code'],
      ['e2e.fine', 'E2E Twice'],
    ]);
    await modal.locator('input[type=file]').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    await modal.getByRole('button', { name: 'Upload and import' }).click();
    const problems = modal.getByRole('table', { name: 'Rows with problems' });
    await problems.waitFor({ timeout: UI_TIMEOUT });
    await problems.getByRole('row').filter({ hasText: 'missing code' }).filter({ hasText: '3' }).waitFor();
    await problems.getByRole('row').filter({ hasText: 'duplicate code within the file (first in row 2)' }).waitFor();

    const good = await workbookOf([
      ['e2e.fine', 'E2E Fine', 'Imported', 1],
      ['e2e.security', 'E2E Security'],
    ]);
    await modal.locator('input[type=file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await modal.getByRole('button', { name: 'Upload and import' }).click();
    await modal.getByRole('status').filter({ hasText: '2 created, 0 updated.' }).waitFor({ timeout: UI_TIMEOUT });
    await modal.getByRole('button', { name: 'Close', exact: true }).first().click();
    await rowWith(page, 'e2e.security').waitFor({ timeout: UI_TIMEOUT });
    await rowWith(page, 'Imported').filter({ hasText: 'e2e.fine' }).waitFor();
  });

  it('mutes a classification for email in the personal centre; in-app stays on', async () => {
    const { page } = admin;
    await page.goto('/personalCenter/baseInfo');
    await page.getByRole('table', { name: 'Notifications' }).waitFor({ timeout: UI_TIMEOUT });
    const email = page.getByRole('switch', { name: `Receive ${CREATED.name} by Email` });
    expect(await email.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: `In-app messages of ${CREATED.name} always arrive` }).isDisabled()).toBe(true);
    await email.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => email.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your notification settings are saved.').waitFor({ timeout: UI_TIMEOUT });

    const saved = await api<Preferences>('GET', '/api/message-engine/v1/preferences');
    expect(saved.find((row) => row.code === CREATED.code)?.muted).toEqual({ email: true, sms: false });
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: `Receive ${CREATED.name} by Email` }).getAttribute('aria-checked'), {
        timeout: UI_TIMEOUT,
      })
      .toBe('false');
  });
});
