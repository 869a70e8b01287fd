import type { Bucket, ObjectListing } from '@portal/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Image processing: an administrator builds a processor (resize, then convert to WebP) in a space's
 * image processing tab and watches the live preview render at the new width, then previews an
 * uploaded image through that processor from the file browser: it is served as WebP at that width.
 * The same space then takes a file too big for one request: it travels in parts (multipart).
 */

const SPACE = 'e2e-oss-processing';
const PROCESSOR = 'thumb-webp';
const WIDTH = 120;
/** The uploaded image is drawn this size by the browser's canvas, wider than the processor's width. */
const PHOTO = { name: 'photo.png', width: 600, height: 300 };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;
let spaceId: string;
let bigDir: string | undefined;

const naturalWidth = (image: Locator) => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth);

/** Picks an option of a (single) Select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .and(page.getByTitle(option, { exact: true }))
    .click();
}

/** A PNG drawn by the page's canvas (no image library needed on this side). */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${PHOTO.width};
    canvas.height = ${PHOTO.height};
    const context = canvas.getContext('2d');
    context.fillStyle = '#3366cc';
    context.fillRect(0, 0, ${PHOTO.width}, ${PHOTO.height});
    context.fillStyle = '#ffcc00';
    context.fillRect(40, 40, 200, 120);
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(String(dataUrl).split(',')[1]!, 'base64');
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  spaceId = (await api<Bucket>('POST', '/api/oss/v1/buckets', { name: SPACE })).id;
});

afterAll(async () => {
  if (spaceId) {
    await api('DELETE', `/api/oss/v1/buckets/${spaceId}/data`, { name: SPACE }).catch(() => undefined);
    await api('DELETE', `/api/oss/v1/buckets/${spaceId}`).catch(() => undefined);
  }
  await admin?.context.close();
  await browser?.close();
  if (bigDir) rmSync(bigDir, { recursive: true, force: true });
});

screenshotsOnFailure('oss-processing', () => ({ admin }));

describe('image processing', () => {
  it('creates a processor whose live preview renders at the resized width', async () => {
    const { page } = admin;
    await page.goto(`/OSS/spaceList?space=${spaceId}&tab=processing`);
    await page.getByText('No processors yet', { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New processor' }).click();
    const editor = dialog(page, 'New processor');
    await editor.getByLabel('Name', { exact: true }).fill(PROCESSOR);
    // A new processor starts with a resize step; its width changes, then a conversion follows it.
    await editor.getByLabel('Width (1)', { exact: true }).fill(String(WIDTH));
    await editor.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('menuitem', { name: 'Convert' }).click();
    await editor.getByRole('group', { name: 'Step 2: Convert' }).waitFor({ timeout: UI_TIMEOUT });

    const preview = editor.getByRole('img', { name: 'Preview of the processor' });
    await preview.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => naturalWidth(preview), { timeout: UI_TIMEOUT }).toBe(WIDTH);
    await editor.getByText(new RegExp(`^${WIDTH} × \\d+ px$`)).waitFor({ timeout: UI_TIMEOUT });

    // A step the server refuses (an image watermark without its image) is named beside that step.
    await editor.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('menuitem', { name: 'Image watermark' }).click();
    await editor
      .getByRole('group', { name: 'Step 3: Image watermark' })
      .getByRole('alert')
      .filter({ hasText: 'step 3 (watermarkImage)' })
      .waitFor({ timeout: UI_TIMEOUT });
    await editor.getByRole('button', { name: 'Remove step 3' }).click();
    await expect.poll(() => naturalWidth(preview), { timeout: UI_TIMEOUT }).toBe(WIDTH);

    await editor.getByRole('button', { name: 'OK', exact: true }).click();
    const row = page.getByRole('table', { name: 'Processors' }).getByRole('row').filter({ hasText: PROCESSOR });
    await row.waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('Resize', { exact: true }).waitFor();
    await row.getByText('Convert', { exact: true }).waitFor();
  });

  it('exports the processors as text, refuses an import naming its bad line, imports a good one and deletes it', async () => {
    const { page } = admin;
    const download = page.waitForEvent('download', { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Export' }).click();
    const exported = readFileSync(await (await download).path(), 'utf8');
    expect(exported).toMatch(new RegExp(`^${PROCESSOR}: resize width=${WIDTH}.*\\| convert format=webp`, 'm'));

    const importFile = async (text: string) => {
      // The tab's button (its icon names it too) comes before any dialog's in the page.
      await page.getByRole('button', { name: 'Import' }).first().click();
      const modal = dialog(page, 'Import processors');
      await modal.locator('input[type=file]').setInputFiles({ name: 'processors.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
      await modal.getByRole('button', { name: 'Import', exact: true }).click();
      return modal;
    };
    const refused = await importFile('small: resize width=64\nbroken: resize width=abc\n');
    await refused.getByText('Line 2', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Escape');
    expect((await api<{ name: string }[]>('GET', `/api/oss/v1/buckets/${spaceId}/processors`)).map(({ name }) => name)).toEqual([
      PROCESSOR,
    ]);

    const accepted = await importFile('small: resize width=64\n');
    await accepted.getByText('Created 1, replaced 0, skipped 0').waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Escape');
    const table = page.getByRole('table', { name: 'Processors' });
    await table.getByRole('row').filter({ hasText: 'small' }).waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Delete small' }).click();
    await page
      .locator('.ant-popconfirm')
      .filter({ hasText: 'Delete the processor small?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await table.getByRole('row').filter({ hasText: 'small' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('previews an uploaded image through the processor from the file browser, served as WebP at its width', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'File management', exact: true }).click();
    await page.getByText('This folder is empty', { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    await page
      .locator('input[type=file]:not([webkitdirectory])')
      .setInputFiles({ name: PHOTO.name, mimeType: 'image/png', buffer: await drawnPng(page) });
    await page.getByRole('button', { name: `Preview ${PHOTO.name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Preview of ${PHOTO.name}` });
    await expect
      .poll(() => naturalWidth(drawer.getByRole('img', { name: PHOTO.name, exact: true })), { timeout: UI_TIMEOUT })
      .toBe(PHOTO.width);

    await choose(page, drawer, 'View through processor', PROCESSOR);
    const processed = drawer.getByRole('img', { name: `${PHOTO.name} (${PROCESSOR})` });
    await expect.poll(() => naturalWidth(processed), { timeout: UI_TIMEOUT }).toBe(WIDTH);
    await drawer.getByText('image/webp', { exact: true }).waitFor({ timeout: UI_TIMEOUT });

    // The same address as the drawer fetched, asked for directly: WebP bytes at the processed width.
    const token = await accessTokenOf(admin.context);
    const response = await page.request.fetch(`/api/oss/v1/buckets/${spaceId}/files?key=${PHOTO.name}&x-process=${PROCESSOR}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    const bytes = await response.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('converts the images of the space through the processor, its progress shown until finished', async () => {
    const { page } = admin;
    // The preview drawer of the test before: closed by its button (Escape would first close the processor picker).
    const preview = page.getByRole('dialog', { name: `Preview of ${PHOTO.name}` });
    await preview.getByRole('button', { name: 'Close', exact: true }).click();
    await preview.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await page.getByRole('tab', { name: 'Image processing', exact: true }).click();
    await page.getByRole('button', { name: 'Convert files' }).click();
    const start = dialog(page, 'Convert files through a processor');
    await choose(page, start, 'Processor', PROCESSOR);
    // The source is the whole space (its one image); the target keeps each key below the source, in WebP.
    await start.getByLabel('Source folder', { exact: true }).fill('');
    await start.getByLabel('Target folder', { exact: true }).fill('thumbs/');
    await start.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByText('Conversion: 1 of 1 done, 0 failed').waitFor({ timeout: UI_TIMEOUT * 2 });
    await page.getByText('Finished', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const converted = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs?prefix=thumbs/`);
    expect(converted.objects.map((object) => [object.key, object.contentType])).toEqual([['thumbs/photo.webp', 'image/webp']]);
  });

  it('uploads a file over 32 MiB in parts, its bar reaching 100%, the stored bytes the same', async () => {
    const { page } = admin;
    const bytes = randomBytes(40 * 1024 * 1024);
    bigDir = mkdtempSync(join(tmpdir(), 'oss-big-'));
    writeFileSync(join(bigDir, 'big.bin'), bytes);
    const partPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /\/uploads\/[^/]+\/parts\/\d+$/.test(new URL(request.url()).pathname)) partPuts.push(request.url());
    });
    await page.getByRole('tab', { name: 'File management', exact: true }).click();
    await page.locator('input[type=file]:not([webkitdirectory])').setInputFiles(join(bigDir, 'big.bin'));
    const bar = page.getByRole('progressbar', { name: 'Upload progress of big.bin' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: UI_TIMEOUT * 4 }).toBe('100');
    // 40 MiB in 16 MiB parts: three of them.
    expect(new Set(partPuts.map((url) => url.split('/').at(-1))).size).toBe(3);

    const token = await accessTokenOf(admin.context);
    const stored = await page.request.fetch(`/api/oss/v1/buckets/${spaceId}/files?key=big.bin`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(stored.status()).toBe(200);
    const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
    expect(sha(await stored.body())).toBe(sha(bytes));
  });

  it('aborts a multipart upload on the server when it is cancelled', async () => {
    const { page } = admin;
    writeFileSync(join(bigDir!, 'held.bin'), randomBytes(34 * 1024 * 1024));
    // Parts are held on their way, so the cancel comes while the upload is open on the server.
    const held: Route[] = [];
    await page.route('**/uploads/*/parts/*', (route) => void held.push(route));
    const uploads = () => api<{ uploads: { key: string }[] }>('GET', `/api/oss/v1/buckets/${spaceId}/uploads`);
    await page.locator('input[type=file]:not([webkitdirectory])').setInputFiles(join(bigDir!, 'held.bin'));
    await expect.poll(async () => (await uploads()).uploads.map((upload) => upload.key), { timeout: UI_TIMEOUT }).toEqual(['held.bin']);
    await page.getByRole('button', { name: 'Cancel the upload of held.bin' }).click();
    await expect.poll(async () => (await uploads()).uploads, { timeout: UI_TIMEOUT }).toEqual([]);
    await page.unroute('**/uploads/*/parts/*');
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    const listing = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs`);
    expect(listing.objects.map((object) => object.key)).not.toContain('held.bin');
  });
});
