import { USER_EXCEL_COLUMNS, type ApiAuthorization, type ApplicationAuthorization, type Application, type PageOf } from '@portal/contracts';
// exceljs is the server's dependency, hoisted to the workspace root: it writes the files a person would upload.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.ts';
import { signedIn, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { dialog, heading, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { addMenuPage, createMemberWithMenus, type NewMember } from '../support/members.ts';

/**
 * An application's detail tabs: its users imported from a workbook (a refused row named, nothing
 * imported; then a good file), an external API authorised to another application until a date,
 * and its owner (no administrator) authorising a user for one page in the personal centre, after
 * which that user finds the application on the workbench.
 */

const CATEGORY = 'E2E authorisations';
const APP = { instant: 'authzE2eApp', name: 'E2E Authorised App' };
const CALLER = { instant: 'authzE2eCaller', name: 'E2E Caller App' };
/** A call an application's point may gate, which its owner (no administrator) does not hold. */
const GATED_CALL = 'GET:/api/permission/v4/applications';
const IMPORTED = ['authz.import.one', 'authz.import.two'];
const OWNER: NewMember = {
  username: 'authz.owner',
  name: 'Authz Owner',
  initialPassword: 'Initial-pass-1',
  password: 'Authz-owner-pass-2',
};
const READER: NewMember = {
  username: 'authz.reader',
  name: 'Authz Reader',
  initialPassword: 'Initial-pass-1',
  password: 'Authz-reader-pass-2',
};

const created: { apps: Application[] } = { apps: [] };
const usersNamed = async (api: ApiCall, keyword: string) =>
  (await api<PageOf<{ id: string; username: string }>>('GET', `/api/permission/users?keyword=${encodeURIComponent(keyword)}&size=100`))
    .list;

const session = adminSession(async (api) => {
  for (const app of created.apps) await api('DELETE', `/api/permission/applications/${app.id}`).catch(() => undefined);
  for (const user of await usersNamed(api, 'authz.')) await api('DELETE', `/api/permission/users/${user.id}`).catch(() => undefined);
});
/** The members' own browser, and the last member signed in there (for the failure screenshot). */
let membersBrowser: Browser | undefined;
let member: { page: Page } | undefined;
afterAll(() => membersBrowser?.close());
screenshotsOnFailure('application-authorizations', () => ({ admin: session.admin, member }));

async function workbookOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of [[...USER_EXCEL_COLUMNS], ...rows]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const register = async (api: ApiCall, input: { instant: string; name: string }) => {
  const app = await api<Application>('POST', '/api/permission/v4/applications', { ...input, type: 'Web', category: [CATEGORY] });
  created.apps.push(app);
  return app;
};
const rowWith = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
const shownOption = (page: Page, title: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .and(page.getByTitle(title, { exact: true }));

/**
 * Chooses an option of a server-searched single Select: types, clicks the option, and checks the
 * dialog shows it (the list is redrawn as the search answers, which can swallow a click: then again).
 */
async function chooseSearched(page: Page, modal: Locator, label: string, typed: string, option: string): Promise<void> {
  const field = modal.getByLabel(label, { exact: true });
  const chosen = modal.getByText(option, { exact: true }).filter({ visible: true });
  for (let attempt = 1; ; attempt++) {
    await field.click();
    await field.fill(typed);
    await shownOption(page, option).click();
    const shown = await chosen.waitFor({ timeout: UI_TIMEOUT / 3 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (attempt === 3) await chosen.waitFor({ timeout: UI_TIMEOUT });
  }
}

async function uploadWorkbook(page: Page, modal: Locator, name: string, rows: string[][]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await modal.getByText('Click or drag an .xlsx file here').click();
  await (
    await chooser
  ).setFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbookOf(rows) });
  await modal.getByRole('button', { name: 'Upload and import' }).click();
}

async function openTab(page: Page, path: string, title: string, tab: string): Promise<void> {
  await page.goto(path);
  await heading(page, title).waitFor({ timeout: UI_TIMEOUT });
  await page.getByRole('tab', { name: tab }).click();
}

describe('an application’s user permission and authorised interfaces tabs', () => {
  let app: Application;

  it('imports application users: a file with a bad row is refused naming it and imports nothing, a good one imports', async () => {
    const { page } = session.admin;
    app = await register(session.api, APP);
    await openTab(page, `/applicationManage/application/${app.id}`, APP.name, 'User permission');

    await page.getByRole('button', { name: 'Import users' }).click();
    const modal = dialog(page, `Import users of ${APP.name}`);
    await uploadWorkbook(page, modal, 'bad-users.xlsx', [
      [IMPORTED[0]!, 'Import One', 'one@example.com', '', '', ''],
      [IMPORTED[1]!, 'Import Two', 'not-an-email', '', '', ''],
    ]);
    const refused = modal.getByRole('table', { name: 'Rows with problems' });
    await rowWith(refused, 'not-an-email').waitFor({ timeout: UI_TIMEOUT });
    expect(await rowWith(refused, 'not-an-email').innerText()).toMatch(/^3\s+email\s+invalid email/);
    expect(await usersNamed(session.api, 'authz.import')).toEqual([]);

    await uploadWorkbook(page, modal, 'good-users.xlsx', [
      [IMPORTED[0]!, 'Import One', 'one@example.com', '', '', ''],
      [IMPORTED[1]!, 'Import Two', 'two@example.com', '', '', ''],
    ]);
    await modal
      .getByText('2 users imported (0 of them already existed) and authorised for the application.')
      .waitFor({ timeout: UI_TIMEOUT });
    expect((await usersNamed(session.api, 'authz.import')).map((user) => user.username).sort()).toEqual(IMPORTED);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await modal.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    // The export lists the application's users in the template's columns.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export users' }).click();
    const exported = await download;
    expect(exported.suggestedFilename()).toBe(`users-${APP.instant}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await exported.path())!);
    const usernames = workbook.worksheets[0]!.getColumn(1).values.slice(2);
    expect([...usernames].sort()).toEqual(IMPORTED);
  });

  it('adds an external API, imports an OpenAPI document, and authorises another application to call an API until a date', async () => {
    const { page } = session.admin;
    const caller = await register(session.api, CALLER);
    await openTab(page, `/applicationManage/application/${app.id}`, APP.name, 'Authorised interfaces');
    await page.getByText('This application exposes no APIs to other applications yet').waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Add an API' }).click();
    const form = dialog(page, 'Add an API');
    await form.getByLabel('Path', { exact: true }).fill('/orders/{orderId}');
    await form.getByLabel('Summary', { exact: true }).fill('One order');
    await submitDialog(form);
    const apis = page.getByRole('table', { name: 'External APIs' });
    await rowWith(apis, '/orders/{orderId}').waitFor({ timeout: UI_TIMEOUT });

    // An OpenAPI document: one operation is new, the other updates the API added by hand.
    const openApi = {
      openapi: '3.0.3',
      info: { title: 'Orders', version: '1' },
      paths: { '/orders': { post: { summary: 'Places an order' } }, '/orders/{orderId}': { get: { summary: 'Reads one order' } } },
    };
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import OpenAPI' }).click();
    await (await chooser).setFiles({ name: 'orders.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(openApi)) });
    await page.getByText('APIs added: 1; updated: 1.').waitFor({ timeout: UI_TIMEOUT });
    await rowWith(apis, 'Places an order').waitFor({ timeout: UI_TIMEOUT });
    await rowWith(apis, 'Reads one order').waitFor({ timeout: UI_TIMEOUT });

    await page.getByRole('button', { name: 'Authorise an application' }).click();
    const grant = dialog(page, 'Authorise an application');
    await chooseSearched(page, grant, 'Application', 'Caller', CALLER.name);
    await grant.getByLabel('API', { exact: true }).click();
    await shownOption(page, 'GET /orders/{orderId}').click();
    const nextYear = new Date().getFullYear() + 1;
    await grant.getByLabel('Expires', { exact: true }).fill(`${nextYear}-06-30T18:00`);
    await submitDialog(grant);

    const row = rowWith(page.getByRole('table', { name: 'Authorisations to call this application’s APIs' }), CALLER.name);
    await row.getByText('In force').waitFor({ timeout: UI_TIMEOUT });
    expect(await row.innerText()).toContain(`${nextYear}`);
    const granted = await session.api<ApiAuthorization[]>('GET', `/api/permission/v4/applications/${app.id}/apis-authorization`);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ callerApplicationId: caller.id, path: '/orders/{orderId}', method: 'GET', expired: false });
    expect(new Date(granted[0]!.expiresAt!).getTime()).toBe(new Date(nextYear, 5, 30, 18, 0).getTime());
  });

  it('lets the owner, no administrator, authorise a user for one page in the personal centre (not for a call they do not hold); the user then has the application', async () => {
    const { api } = session;
    const reports = await addMenuPage(api, app.menuId, 'reports', 'Reports');
    const exportPoint = { parentId: reports.id, name: 'export', title: 'Export', type: 'element', api: [GATED_CALL] };
    await api('POST', `/api/permission/v4/applications/${app.id}/dom`, exportPoint);
    for (const member of [OWNER, READER]) {
      await createMemberWithMenus(api, session.admin.page.request, {
        member,
        role: { code: `${member.username.replace('.', '_')}_none`, name: `${member.name} (nothing)` },
        menuIds: [],
      });
    }
    const [owner] = (await usersNamed(api, OWNER.username)).filter((user) => user.username === OWNER.username);
    await api('PATCH', `/api/permission/applications/${app.id}/owner`, { ownerId: owner!.id });

    const browser = (membersBrowser = await launchBrowser());
    const signIn = async (someone: NewMember): Promise<{ context: BrowserContext; page: Page }> => {
      const opened = await newPage(browser);
      await signInThroughLoginPage(opened.page, someone.username, someone.password);
      await signedIn(opened.page);
      member = opened;
      return opened;
    };
    const { page } = await signIn(OWNER);
    await openTab(page, `/personalCenter/selfApplication/${app.id}`, APP.name, 'User permission');
    await page.getByText('Nobody is authorised for this application yet').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'Authorise' }).click();
    const modal = dialog(page, 'Authorise');
    await chooseSearched(page, modal, 'User, group or organisation', READER.username, `${READER.username} (${READER.name})`);
    const checkbox = (title: string) => modal.locator('.ant-tree-treenode').filter({ hasText: title }).locator('.ant-tree-checkbox');
    // A point gating a call the owner does not hold: refused, naming the call, and the dialog stays.
    await checkbox('Export').click();
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await modal.getByRole('alert').filter({ hasText: GATED_CALL }).waitFor({ timeout: UI_TIMEOUT });
    await checkbox('Export').click();
    await checkbox('Reports').click();
    await submitDialog(modal);
    const row = rowWith(page.getByRole('table', { name: 'Authorisations' }), READER.username);
    await row.getByText('Reports').waitFor({ timeout: UI_TIMEOUT });
    // The page alone, though it is the application's only page: not the whole application.
    const held = await api<PageOf<ApplicationAuthorization>>('GET', `/api/permission/v4/applications/${app.id}/authorizations`);
    expect(held.list.map((one) => [one.name, one.nodes.map((node) => node.id)])).toEqual([[READER.username, [reports.id]]]);
    // Editing shows what is held: the page checked, its point with it.
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const editing = dialog(page, `Authorisation of ${READER.username}`);
    for (const title of ['Reports', 'Export']) {
      await editing.locator('.ant-tree-treenode-checkbox-checked').filter({ hasText: title }).waitFor({ timeout: UI_TIMEOUT });
    }
    await editing.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editing.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });

    const reader = await signIn(READER);
    await reader.page.goto('/OSWorkbench');
    await reader.page
      .getByRole('region', { name: CATEGORY })
      .getByRole('button', { name: `Open ${APP.name}`, exact: true })
      .waitFor({ timeout: UI_TIMEOUT });

    // Taken away again, after a confirmation.
    await row.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Nobody is authorised for this application yet').waitFor({ timeout: UI_TIMEOUT });
  });
});
