import type { Bucket, MenuNode, ObjectListing } from '@portal/contracts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, apiAs, signedIn, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { dialog, heading, openFromMenu, pickRemoteOptions, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { createMemberWithMenus } from '../support/members.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * Object storage spaces: an administrator creates a space from the keyboard, uploads a folder of
 * files (its tree kept as key prefixes) and watches each file's progress reach completion, then
 * grants another user read access. That user, signed in in a second browser context, sees the
 * file and downloads the same bytes, but has no delete control, and a direct DELETE is refused.
 */

const SPACE = 'e2e-oss-spaces';
const READER = { username: 'oss.reader', name: 'OSS Reader', initialPassword: 'Initial-pass-1', password: 'Oss-reader-pass-2' };
/** The folder uploaded: a few small files, one nested folder, and one of a few MiB so progress has something to show. */
const FOLDER = 'album';
const FILES: Record<string, Buffer> = {
  'notes.txt': Buffer.from('Object storage notes\n'.repeat(40)),
  'data.json': Buffer.from(JSON.stringify({ hello: 'world', list: [1, 2, 3] })),
  'nested/deep.txt': Buffer.from('deep inside\n'),
  'large.bin': Buffer.alloc(3 * 1024 * 1024, 7),
  'pixel.png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  'doc.pdf': Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let reader: { context: BrowserContext; page: Page };
let api: ApiCall;
let folderDir: string;
let spaceId: string | undefined;

const findResource = (nodes: readonly MenuNode[], resource: string): MenuNode | undefined =>
  nodes.map((node) => (node.resource === resource ? node : findResource(node.children, resource))).find(Boolean);

/**
 * The reader holds one narrow point of the Spaces page, creating spaces: it shows the page (and its
 * section) in their menu, while the page itself or its query point would reach every space. What
 * they see of the space under test comes from its grant alone.
 */
async function createReader(): Promise<void> {
  const menus = await api<MenuNode[]>('GET', '/api/permission/menus');
  const pages = ['OSS:spaceList:create'].map((resource) => findResource(menus, resource));
  if (pages.some((node) => !node)) throw new Error('The point to create spaces is missing from the menu');
  await createMemberWithMenus(api, admin.page.request, {
    member: READER,
    role: { code: 'oss_space_reader', name: 'OSS space reader' },
    menuIds: pages.map((node) => node!.id),
  });
}

function writeFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'oss-e2e-'));
  for (const [path, bytes] of Object.entries(FILES)) {
    const full = join(root, FOLDER, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, bytes);
  }
  return root;
}

const spaceHeading = (page: Page) => page.getByRole('heading', { level: 1, name: new RegExp(`^${SPACE}\\b`) });
const fileRow = (page: Page, name: string) => page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: name });

/** Answers an open confirmation pop-up (a ConfirmAction's) by its question. */
const confirmPopup = (page: Page, question: string) =>
  page.locator('.ant-popconfirm').filter({ hasText: question }).getByRole('button', { name: 'Confirm' }).click();

/** Opens a tab of the space's detail view. */
async function openTab(page: Page, title: string): Promise<void> {
  const tab = page.getByRole('tab', { name: title, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: UI_TIMEOUT }).toBe('true');
}

beforeAll(async () => {
  folderDir = writeFolder();
  browser = await launchBrowser();
  admin = await newPage(browser);
  reader = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  await createReader();
});

afterAll(async () => {
  // The space goes with everything in it, whatever failed on the way.
  const id = spaceId ?? (await api?.<Bucket[]>('GET', '/api/oss/v1/buckets').catch(() => []))?.find((space) => space.name === SPACE)?.id;
  if (id) {
    await api('DELETE', `/api/oss/v1/buckets/${id}/data`, { name: SPACE }).catch(() => undefined);
    await api('DELETE', `/api/oss/v1/buckets/${id}`).catch(() => undefined);
  }
  await admin?.context.close();
  await reader?.context.close();
  await browser?.close();
  if (folderDir) rmSync(folderDir, { recursive: true, force: true });
});

screenshotsOnFailure('oss-spaces', () => ({ admin, reader }));

describe('object storage spaces', () => {
  it('creates a space from the keyboard, the name rules shown, and opens it', async () => {
    const { page } = admin;
    await openFromMenu(page, ['Object storage', 'Spaces']);
    await heading(page, 'Spaces').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New space' }).click();
    const form = dialog(page, 'New space');
    await form.getByText('lowercase letters, digits, dots and hyphens', { exact: false }).first().waitFor({ timeout: UI_TIMEOUT });
    const nameId = await form.getByLabel('Name', { exact: true }).getAttribute('id');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(nameId);
    // A name S3 refuses is refused here, beside the field, before any call.
    await page.keyboard.type('Bad_Name');
    await page.keyboard.press('Enter');
    await form.getByText('Use 3–63 lowercase letters', { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    await form.getByLabel('Name', { exact: true }).fill(SPACE);
    await page.keyboard.press('Enter');
    // The new space opens on its own detail view.
    await spaceHeading(page).waitFor({ timeout: UI_TIMEOUT });
    spaceId = (await api<Bucket[]>('GET', '/api/oss/v1/buckets')).find((space) => space.name === SPACE)?.id;
    expect(spaceId).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('space')).toBe(spaceId);
  });

  it('uploads a folder, each file showing its progress up to completion, its tree kept as folders', async () => {
    const { page } = admin;
    await openTab(page, 'File management');
    await page.getByText('This folder is empty', { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    await page.locator('input[type=file][webkitdirectory]').setInputFiles(join(folderDir, FOLDER));

    for (const path of Object.keys(FILES)) {
      const bar = page.getByRole('progressbar', { name: `Upload progress of ${FOLDER}/${path}` });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: UI_TIMEOUT * 2 }).toBe('100');
    }
    await page
      .getByRole('status')
      .filter({ hasText: `${Object.keys(FILES).length} uploaded, 0 failed` })
      .waitFor({ timeout: UI_TIMEOUT });

    await fileRow(page, FOLDER)
      .getByRole('button', { name: `Open folder ${FOLDER}` })
      .click();
    await fileRow(page, 'notes.txt').waitFor({ timeout: UI_TIMEOUT });
    await fileRow(page, 'large.bin').filter({ hasText: '3 MiB' }).waitFor();
    await fileRow(page, 'nested').getByRole('button', { name: 'Open folder nested' }).click();
    await fileRow(page, 'deep.txt').waitFor({ timeout: UI_TIMEOUT });
    // The breadcrumbs lead back up.
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: FOLDER, exact: true }).click();
    await fileRow(page, 'notes.txt').waitFor({ timeout: UI_TIMEOUT });

    const listing = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs?prefix=${FOLDER}/nested/`);
    expect(listing.objects.map((object) => object.key)).toEqual([`${FOLDER}/nested/deep.txt`]);
  });

  it("shows the stored figures on the overview, and the space's tabs open again from their address", async () => {
    const { page } = admin;
    await openFromMenu(page, ['Object storage', 'Overview']);
    await heading(page, 'Overview').waitFor({ timeout: UI_TIMEOUT });
    const count = Object.keys(FILES).length;
    // The chart's canvas says nothing to a screen reader: its summary does, and names the space.
    await page.getByRole('img', { name: `Spaces with the most objects: ${SPACE} ${count}` }).waitFor({ timeout: UI_TIMEOUT });
    const figures = page.getByRole('region', { name: 'Storage figures' });
    await figures.getByText('Objects', { exact: true }).waitFor();
    expect(
      Number((await figures.locator('.ant-statistic').filter({ hasText: 'Spaces' }).locator('.ant-statistic-content').innerText()).trim()),
    ).toBeGreaterThanOrEqual(1);

    await page.goto(`/OSS/spaceList?space=${spaceId}&tab=files&prefix=${FOLDER}/`);
    await spaceHeading(page).waitFor({ timeout: UI_TIMEOUT });
    await fileRow(page, 'notes.txt').waitFor({ timeout: UI_TIMEOUT });
  });

  /** Opens a file's preview, checks what it shows, and closes it with Escape. */
  async function preview(page: Page, name: string, shows: (drawer: Locator) => Promise<void>): Promise<void> {
    await page.getByRole('button', { name: `Preview ${name}` }).click();
    const drawer = page.getByRole('dialog', { name: `Preview of ${name}` });
    await shows(drawer);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  }

  it('previews a text file, an image and a PDF in a drawer', async () => {
    const { page } = admin;
    await preview(page, 'notes.txt', (drawer) =>
      drawer.getByLabel('File content').filter({ hasText: 'Object storage notes' }).waitFor({ timeout: UI_TIMEOUT }),
    );
    await preview(page, 'pixel.png', async (drawer) => {
      const image = drawer.getByRole('img', { name: 'pixel.png' });
      await image.waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    });
    // The PDF shows in a frame of the bytes the page fetched (the policy admits blob: frames).
    await preview(page, 'doc.pdf', (drawer) => drawer.locator('iframe[title="doc.pdf"]').waitFor({ timeout: UI_TIMEOUT }));
  });

  it('grants another user read access', async () => {
    const { page } = admin;
    await openTab(page, 'User permission');
    const users = page.locator('.ant-card').filter({ has: page.getByText('Users to add', { exact: true }) });
    await pickRemoteOptions(page, users, 'Users to add', [{ type: READER.username, option: `${READER.name} (${READER.username})` }]);
    await users.getByRole('button', { name: 'Grant', exact: true }).click();
    const row = users.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: READER.name });
    await row.waitFor({ timeout: UI_TIMEOUT });
    await row.getByText('Read', { exact: true }).waitFor();
  });

  it('lets the reader see and download the file, with no delete control, and refuses a direct DELETE', async () => {
    const { page } = reader;
    await signInThroughLoginPage(page, READER.username, READER.password);
    await signedIn(page);
    await openFromMenu(page, ['Object storage', 'Spaces']);
    await page.getByRole('row').filter({ hasText: SPACE }).getByRole('link', { name: SPACE }).click();
    await spaceHeading(page).waitFor({ timeout: UI_TIMEOUT });
    // Reading only: no administration tabs.
    expect(await page.getByRole('tab', { name: 'User permission' }).count()).toBe(0);
    await openTab(page, 'File management');
    await fileRow(page, FOLDER)
      .getByRole('button', { name: `Open folder ${FOLDER}` })
      .click();
    await fileRow(page, 'notes.txt').waitFor({ timeout: UI_TIMEOUT });

    const download = page.waitForEvent('download', { timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Download notes.txt' }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved).equals(FILES['notes.txt']!)).toBe(true);

    expect(await page.getByRole('button', { name: 'Delete notes.txt' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload files' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New folder' }).count()).toBe(0);

    const token = await accessTokenOf(reader.context);
    const refused = await page.request.fetch(`/api/oss/v1/buckets/${spaceId}/files?key=${encodeURIComponent(`${FOLDER}/notes.txt`)}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
    const listing = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs?prefix=${FOLDER}/`);
    expect(listing.objects.map((object) => object.key)).toContain(`${FOLDER}/notes.txt`);
  });

  it('makes a folder, takes dropped files into it, and renames, moves and deletes files', async () => {
    const { page } = admin;
    await openTab(page, 'File management');
    await page.getByRole('button', { name: 'New folder' }).click();
    const folder = dialog(page, 'New folder');
    await folder.getByLabel('New name', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.type('archive');
    await page.keyboard.press('Enter');
    await fileRow(page, 'archive').getByRole('button', { name: 'Open folder archive' }).click();

    // Files dropped on the listing land in the folder it shows (once it shows the new one).
    await page
      .getByRole('navigation', { name: 'Folder path' })
      .locator('[aria-current=page]', { hasText: 'archive' })
      .waitFor({ timeout: UI_TIMEOUT });
    // Built in the page (its DOM types are not this file's): a drop carrying two files.
    const dropped = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['first dropped'], 'dropped-1.txt', { type: 'text/plain' }));
      transfer.items.add(new File(['second dropped'], 'dropped-2.txt', { type: 'text/plain' }));
      return transfer;
    })()`);
    await page.getByTestId('oss-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await fileRow(page, 'dropped-1.txt').waitFor({ timeout: UI_TIMEOUT });
    await fileRow(page, 'dropped-2.txt').waitFor({ timeout: UI_TIMEOUT });
    const inArchive = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs?prefix=archive/`);
    expect(inArchive.objects.map((object) => object.key)).toEqual(
      expect.arrayContaining(['archive/dropped-1.txt', 'archive/dropped-2.txt']),
    );
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: SPACE, exact: true }).click();

    await fileRow(page, FOLDER)
      .getByRole('button', { name: `Open folder ${FOLDER}` })
      .click();
    await page.getByRole('button', { name: 'Rename data.json' }).click();
    const rename = dialog(page, 'Rename data.json');
    const newName = rename.getByLabel('New name', { exact: true });
    // A name is one segment: a slash is refused beside the field.
    await newName.fill('a/b');
    await page.keyboard.press('Enter');
    await rename.getByText("A name cannot contain '/'").waitFor({ timeout: UI_TIMEOUT });
    await newName.fill('data-2026.json');
    await page.keyboard.press('Enter');
    await fileRow(page, 'data-2026.json').waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Move data-2026.json' }).click();
    await dialog(page, 'Move data-2026.json').getByLabel('Target folder', { exact: true }).fill('archive');
    await page.keyboard.press('Enter');
    await fileRow(page, 'data-2026.json').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const archive = await api<ObjectListing>('GET', `/api/oss/v1/buckets/${spaceId}/fs?prefix=archive/`);
    expect(archive.objects.map((object) => object.key)).toContain('archive/data-2026.json');

    await page.getByRole('button', { name: 'Delete pixel.png' }).click();
    await confirmPopup(page, 'Delete pixel.png?');
    await fileRow(page, 'pixel.png').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('sets a quota, empties the space once its name is typed, and deletes it', async () => {
    const { page } = admin;
    await openTab(page, 'Space management');
    await page.getByLabel('Object quota', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect
      .poll(async () => (await api<Bucket>('GET', `/api/oss/v1/buckets/${spaceId}`)).quotaObjects, { timeout: UI_TIMEOUT })
      .toBe(100);

    await page.getByRole('button', { name: 'Delete all data' }).click();
    const confirm = dialog(page, `Delete all data of ${SPACE}?`);
    const ok = confirm.getByRole('button', { name: 'Delete all data' });
    expect(await ok.isDisabled()).toBe(true);
    await confirm.getByLabel(`Type ${SPACE} to confirm`).fill(SPACE);
    await ok.click();
    await page.getByText(/^\d+ objects deleted$/).waitFor({ timeout: UI_TIMEOUT });

    const deleteSpace = page.getByRole('button', { name: 'Delete space' });
    await expect.poll(() => deleteSpace.isEnabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await deleteSpace.click();
    await confirmPopup(page, `Delete the space ${SPACE}?`);
    await heading(page, 'Spaces').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('row').filter({ hasText: SPACE }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    spaceId = undefined;
  });
});
