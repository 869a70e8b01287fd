import type { MenuNode } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { baseUrl, launchBrowser, newPage } from '../support/browser.ts';
import { dialog, expandMenu, heading, menuItem, openFromMenu, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The icon manager and the menus: an SVG uploaded under System style > Icons (a broken one refused
 * with the server's reason) is chosen for a menu entry in the menu editor and drawn in the shell's
 * menu; deleting it is held back while the menu uses it; the menu's icon is put back and the
 * clean-up removes the icon again.
 */

const SYSTEM = 'System management';
const CLASSIFICATION = 'e2e-icons';
const ICON = 'e2e-star';
const STAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1l2 5h5l-4 3 2 6-5-4-5 4 2-6-4-3h5z" fill="#d4380d"/></svg>';
const MENU_TITLE = 'Audit log';
const SCHEMES = ['E2E Ocean', 'E2E Forest'] as const;
const COLOUR_SCHEMES = '/api/system-config/color-schemas';
const BASE_MAPS = '/api/system-config/base-maps';
const MAPS = { drawn: 'E2E Tiles', other: 'E2E Other' } as const;

/** The browser's computed style, reached without the DOM types (this package is checked for Node). */
type Styles = { getComputedStyle(element: unknown): { backgroundColor: string } };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;
let menuNode: MenuNode | undefined;
let originalTop: { id: string } | null = null;
const createdSchemes: string[] = [];
const createdMaps = new Set<string>();

const findNode = (nodes: readonly MenuNode[], title: string): MenuNode | undefined =>
  nodes.map((node) => (node.title === title ? node : findNode(node.children, title))).find(Boolean);

/** Puts the menu entry's icon back as it was (the test changes it through the editor). */
async function restoreMenuIcon(): Promise<void> {
  if (!menuNode) return;
  const { id, name, title, icon, pageIcon, detail, hide, redirect } = menuNode;
  await api('PUT', `/api/permission/menus/${id}`, { name, title, icon, pageIcon, detail, hide, redirect });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  menuNode = findNode(await api<MenuNode[]>('GET', '/api/permission/menus'), MENU_TITLE);
});
afterAll(async () => {
  // Whatever failed on the way, the menu gets its icon back and the uploaded icon goes.
  await restoreMenuIcon().catch(() => undefined);
  await api?.('DELETE', `/api/system-config/icons/classification/${CLASSIFICATION}`, { names: [ICON], force: true }).catch(() => undefined);
  // The top scheme goes back to what it was; the schemes made here go (a second pass for the top one,
  // which may go only once it is the last).
  if (originalTop) await api?.('PUT', `${COLOUR_SCHEMES}/top`, { id: originalTop.id }).catch(() => undefined);
  for (const id of [...createdSchemes, ...createdSchemes]) await api?.('DELETE', `${COLOUR_SCHEMES}/${id}`).catch(() => undefined);
  for (const id of [...createdMaps, ...createdMaps]) await api?.('DELETE', `${BASE_MAPS}/${id}`).catch(() => undefined);
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('style-pages', () => ({ admin }));

describe('uploaded icons in the menus', () => {
  it('uploads an SVG icon into a new classification, refusing a broken file with the reason', async () => {
    const { page } = admin;
    await openFromMenu(page, [SYSTEM, 'System style', 'Icons']);
    await heading(page, 'Icons').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('New classification').fill(CLASSIFICATION);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: CLASSIFICATION }).waitFor({ timeout: UI_TIMEOUT });

    await page.locator('input[type=file]').setInputFiles([
      { name: `${ICON}.svg`, mimeType: 'image/svg+xml', buffer: Buffer.from(STAR_SVG) },
      { name: 'broken.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('not an image at all') },
    ]);
    await page
      .getByRole('alert')
      .filter({ hasText: /^Refused: / })
      .waitFor({ timeout: UI_TIMEOUT });
    const tile = page.getByRole('img', { name: ICON, exact: true });
    await tile.waitFor({ timeout: UI_TIMEOUT });
    // Served with its type and drawn: the browser decoded the sanitised SVG.
    await expect.poll(() => tile.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('button', { name: `Copy name ${ICON}` }).click();
    await page.getByText(`Copied “${ICON}”`).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(ICON);
  });

  it('chooses the uploaded icon for a menu entry in the menu editor, and the shell’s menu draws it', async () => {
    const { page } = admin;
    expect(menuNode).toBeDefined();
    await openFromMenu(page, [SYSTEM, 'Navigation', 'Menus']);
    await heading(page, 'Menus').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('tree', { name: 'Menu tree' }).getByText(MENU_TITLE, { exact: true }).first().click();
    // The button's name starts with its icon's label.
    await page.getByRole('button', { name: /Edit$/ }).click();
    const form = dialog(page, `Edit “${MENU_TITLE}”`);
    const field = form.getByLabel('Icon', { exact: true });
    await field.fill(ICON);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: ICON }).click();
    await expect.poll(() => field.inputValue()).toBe(ICON);
    await submitDialog(form);

    await page.reload();
    await expandMenu(page, [SYSTEM]);
    const drawn = menuItem(page, MENU_TITLE).locator(`img[data-icon-name="${ICON}"]`);
    await drawn.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => drawn.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  });

  it('keeps the icon while the menu uses it, then cleans it up once the menu’s icon is back', async () => {
    const { page } = admin;
    await openFromMenu(page, [SYSTEM, 'System style', 'Icons']);
    await page.getByRole('menuitem', { name: CLASSIFICATION }).click();
    const tile = page.locator(`[data-icon="${ICON}"]`);
    await tile.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    const warning = page.getByRole('dialog').filter({ hasText: `Icon ${ICON} is used by menus` });
    await warning.getByText(MENU_TITLE, { exact: false }).waitFor({ timeout: UI_TIMEOUT });
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await tile.waitFor({ timeout: UI_TIMEOUT });

    await restoreMenuIcon();
    await page.getByRole('button', { name: /Clean up unused icons$/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Deleted 1 unused icons: ${ICON}`).waitFor({ timeout: UI_TIMEOUT });
    await tile.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });
});

describe('colour schemes', () => {
  it('previews each scheme on antd components and moves the top mark', async () => {
    const { page } = admin;
    originalTop = await api<{ id: string } | null>('GET', `${COLOUR_SCHEMES}/top`);
    for (const [index, name] of SCHEMES.entries()) {
      const primary = index === 0 ? '#0958d9' : '#389e0d';
      createdSchemes.push((await api<{ id: string }>('POST', COLOUR_SCHEMES, { name, primary, colours: { success: '#13c2c2' } })).id);
    }
    const [first, second] = SCHEMES;
    await openFromMenu(page, [SYSTEM, 'System style', 'Colour schemes']);
    await heading(page, 'Colour schemes').waitFor({ timeout: UI_TIMEOUT });
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    // The preview's primary button takes the scheme's primary colour.
    const button = row(second).getByRole('button', { name: 'Primary' });
    await expect
      .poll(() => button.evaluate((element) => (globalThis as unknown as Styles).getComputedStyle(element).backgroundColor))
      .toBe('rgb(56, 158, 13)');

    await row(second).getByRole('button', { name: 'Make top' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${second} is now the top scheme`).waitFor({ timeout: UI_TIMEOUT });
    await row(second).getByText('Top scheme', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await row(first).getByText('Top scheme', { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect((await api<{ name: string }>('GET', `${COLOUR_SCHEMES}/top`)).name).toBe(second);
  });
});

describe('base maps', () => {
  const row = (name: string) => admin.page.getByRole('row').filter({ hasText: name });
  const confirm = async () => {
    const popup = admin.page.locator('.ant-popconfirm');
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  };
  const mapsNamed = async (name: string) =>
    (
      await api<{ list: { id: string; name: string; enabled: boolean; isDefault: boolean }[] }>('POST', `${BASE_MAPS}/list`, {
        keyword: name,
      })
    ).list;

  it('creates an XYZ map through the form, refusing it without an address', async () => {
    const { page } = admin;
    await openFromMenu(page, [SYSTEM, 'Base maps']);
    await heading(page, 'Base maps').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New base map' }).click();
    const form = dialog(page, 'New base map');
    await form.getByLabel('Name', { exact: true }).fill(MAPS.drawn);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Required').waitFor({ timeout: UI_TIMEOUT });
    await form.getByLabel('Address', { exact: true }).fill(`${baseUrl()}/e2e-tiles/{z}/{x}/{y}.png`);
    await form.getByLabel('Attribution', { exact: true }).fill('© E2E tiles');
    await submitDialog(form);
    await row(MAPS.drawn).filter({ hasText: '© E2E tiles' }).waitFor({ timeout: UI_TIMEOUT });
    for (const map of await mapsNamed(MAPS.drawn)) createdMaps.add(map.id);
  });

  it('moves the default mark, disables a map and previews it on a Leaflet map', async () => {
    const { page } = admin;
    const other = await api<{ id: string }>('POST', BASE_MAPS, {
      name: MAPS.other,
      type: 'XYZ',
      url: `${baseUrl()}/e2e-other/{z}/{x}/{y}.png`,
    });
    createdMaps.add(other.id);
    await page.reload();
    await row(MAPS.other).getByRole('button', { name: 'Make default' }).click();
    await confirm();
    await page.getByText(`${MAPS.other} is now the default map`).waitFor({ timeout: UI_TIMEOUT });
    await row(MAPS.other).getByText('Default', { exact: true }).waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('switch', { name: `Enable ${MAPS.drawn}` }).click();
    await expect.poll(async () => (await mapsNamed(MAPS.drawn))[0]?.enabled).toBe(false);

    await row(MAPS.drawn).getByRole('button', { name: 'Preview' }).click();
    const preview = dialog(page, `Preview of ${MAPS.drawn}`);
    // Leaflet (loaded for the preview) asks for the definition's tiles at the world view's zoom.
    await preview
      .locator('.leaflet-container img.leaflet-tile[src*="/e2e-tiles/2/"]')
      .first()
      .waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await preview.getByText('© E2E tiles').waitFor({ timeout: UI_TIMEOUT });
    await preview.getByRole('button', { name: 'Close' }).click();
  });

  it('deletes a map after a confirmation', async () => {
    await row(MAPS.drawn).getByRole('button', { name: 'Delete' }).click();
    await confirm();
    await row(MAPS.drawn).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await mapsNamed(MAPS.drawn)).toEqual([]);
  });
});
