import type { Application, MenuNode } from '@portal/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../apps/micro-demo/scripts/static-server.ts';
import { adminSession } from '../support/admin-session.ts';
import { apiAs, signInForApi } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { dialog, heading, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { serveMicroDemo } from '../support/micro-demo.ts';
import { E2E_PLAIN_USER } from '../support/seed.ts';

/**
 * An application's detail (issue 14) as the administrator uses it: the resources tab edits the
 * application's own tree (a page, a permission point with its calls, a drag to reorder, a JSON
 * import refused then accepted), the reference micro app is synchronised from its menu.json and the
 * report shown, the chosen tab survives a reload, and the build entry tells what it can do.
 */

const stamp = Date.now();
const apps: Record<'web' | 'micro' | 'studio', Application | undefined> = { web: undefined, micro: undefined, studio: undefined };
const session = adminSession((api) =>
  Promise.all(Object.values(apps).map((app) => app && api('DELETE', `/api/permission/applications/${app.id}`))),
);
let peer: StaticServer | undefined;

const register = (body: object) => session.api<Application>('POST', '/api/permission/v4/applications', body);
const appOf = (key: keyof typeof apps): Application => {
  const app = apps[key];
  if (!app) throw new Error(`${key} is registered in beforeAll`);
  return app;
};
const domTree = (app: Application) => session.api<MenuNode[]>('GET', `/api/permission/v4/applications/${app.id}/dom/tree`);
const titles = (nodes: readonly MenuNode[]) => nodes.map((node) => node.title);

beforeAll(async () => {
  // The server reads the reference micro app's menu.json from its peer.
  peer = await serveMicroDemo();
  apps.web = await register({ instant: `e2eres${stamp}`, name: 'E2E resources app', type: 'Web' });
  apps.micro = await register({
    instant: `e2emicro${stamp}`,
    name: 'E2E micro demo',
    type: 'MicroWeb',
    appUrl: `${peer.url}/micro-demo.js`,
  });
  apps.studio = await register({ instant: `e2estudio${stamp}`, name: 'E2E studio app', type: 'WebStudio' });
});
afterAll(async () => {
  await peer?.close();
});
screenshotsOnFailure('application-detail', () => ({ admin: session.admin }));

/** Opens an application's detail, on a tab when one is named. */
async function openDetail(page: Page, app: Application, tab?: string): Promise<void> {
  await page.goto(`/applicationManage/application/${app.id}${tab ? `?tab=${tab}` : ''}`);
  await heading(page, app.name).waitFor({ timeout: UI_TIMEOUT });
}

const resourcesTree = (page: Page) => page.getByRole('tree', { name: 'Resources' });
/** A node of the tree by its title (a page shows its title and name; a permission point its title). */
const treeNode = (page: Page, title: string): Locator =>
  resourcesTree(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(title, { exact: true }) });
/** The first word of each top-level node's title, in the order shown (top-level nodes have no indent). */
const shownTopLevel = async (page: Page) =>
  (
    await resourcesTree(page)
      .locator('.ant-tree-treenode')
      .filter({ hasNot: page.locator('.ant-tree-indent-unit') })
      .locator('.ant-tree-title')
      .allInnerTexts()
  ).map((text) => text.trim().split(/\s+/)[0]);

describe('the resources tab', () => {
  it('starts empty, adds a page and a permission point with its calls, and checks a name with the server', async () => {
    const { page } = session.admin;
    const app = appOf('web');
    await openDetail(page, app);
    expect(await page.getByRole('tab', { name: 'Resources' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('No pages or permission points yet. Add a page, import a file or synchronise the application.').waitFor();

    await page.getByRole('button', { name: 'New top-level page' }).click();
    const addPage = dialog(page, 'New top-level page');
    await addPage.getByLabel('Title').fill('Orders');
    await addPage.getByLabel('Name', { exact: true }).fill('orders');
    await submitDialog(addPage);
    // The node just added is selected, its actions beside the tree.
    await expect
      .poll(() => treeNode(page, 'Orders').getAttribute('class'), { timeout: UI_TIMEOUT })
      .toContain('ant-tree-treenode-selected');

    await page.getByRole('button', { name: 'Add child' }).click();
    const newPoint = dialog(page, 'New node under “Orders”');
    // Below a page, a new node is a permission point unless the page type is chosen.
    await expect.poll(() => newPoint.getByRole('radio', { name: 'Button (permission point)' }).isChecked()).toBe(true);
    await newPoint.getByLabel('Title').fill('Export');
    await newPoint.getByLabel('Name', { exact: true }).fill('export');
    await newPoint.getByRole('button', { name: 'Add an API call' }).click();
    await newPoint.getByRole('textbox', { name: 'API call 1' }).fill('GET:/api/orders/export');
    await submitDialog(newPoint);
    await treeNode(page, 'Export').waitFor({ timeout: UI_TIMEOUT });

    const [orders] = await domTree(app);
    expect(orders).toMatchObject({ name: 'orders', type: 'path', resource: `${app.instant}:orders` });
    expect(orders?.children).toMatchObject([{ name: 'export', type: 'element', api: ['GET:/api/orders/export'] }]);

    // A node the page has not seen (added by someone else): the server says the name is taken.
    await session.api('POST', `/api/permission/v4/applications/${app.id}/dom`, {
      parentId: null,
      type: 'path',
      name: 'reports',
      title: 'Reports',
    });
    await page.getByRole('button', { name: 'New top-level page' }).click();
    const another = dialog(page, 'New top-level page');
    await another.getByLabel('Name', { exact: true }).fill('reports');
    await another.getByText(`This resource (${app.instant}:reports) exists already`).waitFor({ timeout: UI_TIMEOUT });
    await another.getByRole('button', { name: 'Cancel' }).click();
  });

  it('reorders by dragging a page above another, refuses a point at the top level, and by keyboard', async () => {
    const { page } = session.admin;
    const app = appOf('web');
    await openDetail(page, app, 'resources');
    expect(titles(await domTree(app))).toEqual(['Orders', 'Reports']);
    const orders = treeNode(page, 'Orders').first();
    await treeNode(page, 'Reports').dragTo(orders, { targetPosition: { x: 40, y: 2 } });
    await page.getByText('Moved', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => titles(await domTree(app)), { timeout: UI_TIMEOUT }).toEqual(['Reports', 'Orders']);
    await expect.poll(() => shownTopLevel(page), { timeout: UI_TIMEOUT }).toEqual(['Reports', 'Orders']);

    // A permission point dropped at the top level: refused here, with the reason, and nothing sent.
    await treeNode(page, 'Export').dragTo(treeNode(page, 'Reports').first(), { targetPosition: { x: 40, y: 2 } });
    await page
      .getByText('The top level holds only pages: drop a button (permission point) inside a page.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect(titles(await domTree(app))).toEqual(['Reports', 'Orders']);

    // By keyboard: arrows through the tree, Space selects, then the Move down button.
    await resourcesTree(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => treeNode(page, 'Reports').getAttribute('class')).toContain('ant-tree-treenode-selected');
    await page.getByRole('button', { name: 'Move down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => titles(await domTree(app)), { timeout: UI_TIMEOUT }).toEqual(['Orders', 'Reports']);
  });

  it('imports a JSON tree all or nothing: a bad row is named, then the corrected file is imported', async () => {
    const { page } = session.admin;
    const app = appOf('web');
    await openDetail(page, app, 'resources');
    const importFile = async (name: string, content: object) => {
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByRole('menuitem', { name: 'JSON file…' }).click();
      const modal = dialog(page, 'Import resources from a JSON file');
      const buffer = Buffer.from(JSON.stringify(content));
      await modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/json', buffer });
      await modal.getByRole('button', { name: 'Upload and import' }).click();
      return modal;
    };
    const invoices = { name: 'invoices', title: 'Invoices', elements: [{ name: 'pay', title: 'Pay', api: ['POST:/api/invoices/pay'] }] };

    const refused = await importFile('bad.json', {
      rows: [
        { path: 'invoices', type: 'path', title: 'Invoices' },
        { path: 'missing:pay', type: 'element', title: 'Pay' },
      ],
    });
    const errors = refused.getByRole('table', { name: 'Rows with problems' });
    await errors.waitFor({ timeout: UI_TIMEOUT });
    const bad = errors.getByRole('row').filter({ hasText: 'the parent page "missing" is neither stored nor in an earlier row' });
    await bad.getByRole('cell', { name: '2', exact: true }).waitFor();
    await bad.getByRole('cell', { name: 'path', exact: true }).waitFor();
    await refused.getByRole('button', { name: 'Close' }).first().click();
    await refused.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    expect(titles(await domTree(app))).toEqual(['Orders', 'Reports']);

    const accepted = await importFile('tree.json', { menu: [invoices] });
    await accepted.getByText('Imported: 2 added, 0 updated.').waitFor({ timeout: UI_TIMEOUT });
    await accepted.getByRole('button', { name: 'Close' }).first().click();
    await treeNode(page, 'Invoices').waitFor({ timeout: UI_TIMEOUT });
    const imported = (await domTree(app)).find((node) => node.name === 'invoices');
    expect(imported?.children).toMatchObject([{ name: 'pay', type: 'element', api: ['POST:/api/invoices/pay'] }]);
  });

  it('synchronises the micro app from its menu.json and shows the report', async () => {
    const { page } = session.admin;
    const app = appOf('micro');
    // A node the app does not publish: the synchronisation removes it.
    await session.api('POST', `/api/permission/v4/applications/${app.id}/dom`, {
      parentId: null,
      type: 'path',
      name: 'legacy',
      title: 'Legacy',
    });
    await openDetail(page, app);
    await treeNode(page, 'Legacy').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Synchronise' }).click();
    const modal = dialog(page, `Synchronise the resources of ${app.name}`);
    expect(await modal.getByRole('radio', { name: 'The menu.json the application publishes' }).isChecked()).toBe(true);
    await modal.getByText(`Read by the server from ${peer?.url}/menu.json.`).waitFor();
    await modal.getByRole('button', { name: 'Start' }).click();

    await modal.getByText('Synchronised: 9 added, 0 changed, 0 moved, 1 removed.').waitFor({ timeout: UI_TIMEOUT });
    const added = modal.getByRole('region', { name: 'Added' });
    await added.getByText(`${app.instant}:admin:reports:export`, { exact: true }).waitFor();
    await modal.getByRole('region', { name: 'Removed' }).getByText(`${app.instant}:legacy`, { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).first().click();

    await treeNode(page, 'Restricted').waitFor({ timeout: UI_TIMEOUT });
    expect(await treeNode(page, 'Legacy').count()).toBe(0);
    expect(titles(await domTree(app))).toEqual(['Overview', 'Who am I', 'Restricted']);
  });
});

describe('the detail page', () => {
  it('keeps the chosen tab in the address across a reload', async () => {
    const { page } = session.admin;
    await openDetail(page, appOf('web'));
    await page.getByRole('tab', { name: 'OAuth clients' }).click();
    await page.waitForURL(/\?tab=clients$/);
    await page.reload();
    await heading(page, appOf('web').name).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('tab', { name: 'OAuth clients' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Register web client' }).waitFor();
  });

  it('explains that a Web application is not built here', async () => {
    const { page } = session.admin;
    const app = appOf('web');
    await openDetail(page, app);
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    const modal = dialog(page, 'Build');
    await modal.getByText(`${app.name} is made of pages of the portal itself`, { exact: false }).waitFor();
    await modal.getByText('Only studio applications are built here.', { exact: false }).waitFor();
    expect(await modal.getByRole('button', { name: 'Open the studio' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).first().click();

    // The same entry as the console's hidden build page.
    await page.goto(`/applicationManage/application/build?applicationId=${app.id}`);
    await heading(page, 'Build').waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Only studio applications are built here.', { exact: false }).waitFor();
  });

  it('opens the studio for a studio application, saying the builder is not there yet', async () => {
    const { page } = session.admin;
    const app = appOf('studio');
    await openDetail(page, app);
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    const modal = dialog(page, 'Build');
    await modal.getByText('The low-code builder is not available yet', { exact: false }).waitFor();
    await modal.getByRole('button', { name: 'Open the studio' }).click();
    await page.waitForURL(new RegExp(`/studio/${app.id}$`), { timeout: UI_TIMEOUT });
    await page.getByText('Choose a page of this application from its menu.').waitFor({ timeout: UI_TIMEOUT });
  });
});

describe('the owner in the personal centre', () => {
  let browser: Browser | undefined;
  afterAll(() => browser?.close());

  it("edits their own application's resources on the same tab, without the console's tabs", async () => {
    browser = await launchBrowser();
    const owner = await newPage(browser);
    const asOwner = apiAs(owner.page.request, await signInForApi(owner, E2E_PLAIN_USER.username, E2E_PLAIN_USER.password));
    const { id: ownerId } = await asOwner<{ id: string }>('GET', '/api/reception-center/member/who');
    const app = appOf('studio');
    await session.api('PATCH', `/api/permission/applications/${app.id}/owner`, { ownerId });

    const { page } = owner;
    await page.goto(`/personalCenter/selfApplication/${app.id}`);
    await heading(page, app.name).waitFor({ timeout: UI_TIMEOUT });
    // What the owner manages: no OAuth clients, which take the console's point.
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Resources', 'User permission', 'Authorised interfaces']);
    await page.getByRole('button', { name: 'New top-level page' }).click();
    const addPage = dialog(page, 'New top-level page');
    await addPage.getByLabel('Title').fill('Designs');
    await addPage.getByLabel('Name', { exact: true }).fill('designs');
    await submitDialog(addPage);
    await treeNode(page, 'Designs').waitFor({ timeout: UI_TIMEOUT });
    expect(titles(await asOwner<MenuNode[]>('GET', `/api/permission/v4/applications/${app.id}/dom/tree`))).toEqual(['Designs']);
  });
});
