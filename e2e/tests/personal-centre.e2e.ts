import { IMAGE_MAX_BYTES, type SelfProfile } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, heading, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { E2E_PLAIN_USER } from '../support/seed.ts';

/**
 * The personal centre's profile: the plain user renames themself and uploads a large photo, which
 * the browser shrinks to a JPEG within the server's limit; the header follows at once. The profile
 * is put back afterwards, since other files sign in as the same user.
 */

const NEW_NAME = 'Plain User Renamed';

let browser: Browser;
let session: { context: BrowserContext; page: Page };
/** The plain user's API calls, set once signed in. */
let call: ApiCall | undefined;

const selfProfile = (): Promise<SelfProfile> => call!<SelfProfile>('GET', '/api/permission/users/self');

beforeAll(async () => {
  browser = await launchBrowser();
  session = await newPage(browser);
  call = apiAs(session.page.request, await signInForApi(session, E2E_PLAIN_USER.username, E2E_PLAIN_USER.password));
});
afterAll(async () => {
  // Put the profile back, even if that fails, without leaving the browser open.
  await call?.('PUT', '/api/permission/users/self', { name: 'Plain User', avatar: null, description: null }).catch(() => undefined);
  await session?.context.close();
  await browser?.close();
});

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1600×1200 RGB PNG of (seeded) noise, which compresses badly: far over the 200 KB limit. */
function largePhoto(): Buffer {
  const [width, height] = [1600, 1200];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 42;
  for (let i = 0; i < rows.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    // Each row starts with filter type 0.
    rows[i] = i % (width * 3 + 1) === 0 ? 0 : seed >>> 24;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('personal centre: basic information', () => {
  it('renames the user and stores a large photo shrunk in the browser; the header follows', async () => {
    const { page } = session;
    await page.goto('/personalCenter/baseInfo');
    await heading(page, 'Basic information').waitFor({ timeout: UI_TIMEOUT });
    const photo = largePhoto();
    expect(photo.length).toBeGreaterThan(IMAGE_MAX_BYTES);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const modal = dialog(page, 'Edit profile');
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Upload a picture' }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
    await modal.getByRole('button', { name: 'Remove the picture' }).waitFor({ timeout: UI_TIMEOUT });
    await modal.getByLabel('Name').fill(NEW_NAME);
    await modal.getByLabel('About me').fill('Works on the quarterly figures.');
    await submitDialog(modal);

    await page.getByText('Your profile is saved.').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(NEW_NAME);
    const saved = await selfProfile();
    expect(saved).toMatchObject({ name: NEW_NAME, description: 'Works on the quarterly figures.' });
    expect(saved.avatar).toMatch(/^data:image\/jpeg;base64,/);
    const avatarBytes = Buffer.from(saved.avatar?.split(',')[1] ?? '', 'base64');
    expect(avatarBytes.length).toBeGreaterThan(0);
    expect(avatarBytes.length).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    expect(await page.getByTestId('user-menu').locator('img').getAttribute('src')).toBe(saved.avatar);
  });

  it('refuses a file that is not a picture, saving nothing', async () => {
    const { page } = session;
    const before = await selfProfile();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const modal = dialog(page, 'Edit profile');
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Upload a picture' }).click();
    await (await chooser).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText('This file could not be read as a picture.').waitFor({ timeout: UI_TIMEOUT });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    expect((await selfProfile()).avatar).toBe(before.avatar);
  });

  it('lists no bound third-party accounts, saying so', async () => {
    const { page } = session;
    await page.goto('/personalCenter/boundAccount');
    await page.getByText('No accounts at other sign-in providers are bound to you.').waitFor({ timeout: UI_TIMEOUT });
  });
});
