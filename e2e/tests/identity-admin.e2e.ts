import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeExpiredPassword } from '../support/account.ts';
import { accessTokenOf } from '../support/api.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import {
  chooseOrganisation,
  dialog,
  expandMenu,
  heading,
  menuItem,
  openFromMenu,
  pickRemoteOptions,
  submitDialog,
  UI_TIMEOUT,
} from '../support/console.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * One administrator builds an organisation, a position, a user and a role that grants only the
 * users list, all through the console; the new user then sees exactly that and nothing more, in
 * the menu, in the address bar and at the API; one more grant shows up after a reload.
 */

const ORG = { name: 'E2E Org', code: 'e2e-org' };
const POSITION = { name: 'E2E Position', code: 'e2e-position' };
const USER = { username: 'e2e.user', name: 'E2E User', password: 'E2e-initial-pass-1', newPassword: 'E2e-chosen-pass-2' };
const ROLE = { name: 'E2E Users Reader', code: 'e2e_users_reader' };

const SYSTEM = 'System management';
const ORG_MANAGEMENT = 'Organisation management';
const USERS_PATH = '/systemManage/organizationManage/user';
/** Typed in the permission tree's search: keeps exactly the users page's permission points. */
const USERS_PAGE_POINTS = 'systemManage:organizationManage:user:';

/** The users page's action buttons; matched loosely, so that "absent" cannot pass on a spelling detail. */
const USER_PAGE_BUTTONS = { create: /new user/i, remove: /delete/i, import: /import/i, export: /export/i };

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  member = await newPage(browser);
});
afterAll(async () => {
  await admin?.context.close();
  await member?.context.close();
  await browser?.close();
});

screenshotsOnFailure('identity-admin', () => ({ admin, member }));

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * On a role's detail view: checks one permission point of the users page in the Permissions tab
 * and saves, then waits until the saved grant counts `expectedCount` nodes.
 */
async function grantUsersPagePoint(page: Page, pointTitle: string, expectedCount: number): Promise<void> {
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await page.getByLabel('Search pages, buttons and API calls').fill(USERS_PAGE_POINTS);
  const tree = page.getByRole('tree');
  const point = tree.getByRole('checkbox', { name: new RegExp(`(^|\\s)${pointTitle}$`) });
  await point.click();
  await expect.poll(() => point.getAttribute('aria-checked')).toBe('true');
  await page.getByRole('button', { name: 'Save permissions' }).click();
  const status = page.getByText(/nodes granted$/);
  await expect.poll(() => status.textContent(), { timeout: UI_TIMEOUT }).toMatch(new RegExp(`^${expectedCount} of \\d+ nodes granted$`));
}

async function expectUsersPageListsNewUser(page: Page): Promise<void> {
  await heading(page, 'Users').waitFor({ timeout: UI_TIMEOUT });
  await rowWith(page, USER.username).waitFor({ timeout: UI_TIMEOUT });
}

describe('identity administration through the console', () => {
  it('the administrator creates an organisation, a position, a user and a role granting only the users list', async () => {
    const { page } = admin;
    await signInThroughLoginPage(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL(/\/OSWorkbench$/);

    // Organisation
    await openFromMenu(page, [SYSTEM, ORG_MANAGEMENT, 'Organisations']);
    await heading(page, 'Organisations').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: /new top-level organisation/i }).click();
    const orgForm = dialog(page, 'New organisation');
    await orgForm.getByLabel('Name', { exact: true }).fill(ORG.name);
    await orgForm.getByLabel('Code', { exact: true }).fill(ORG.code);
    await submitDialog(orgForm);
    await page.getByRole('tree', { name: 'Organisation tree' }).getByText(ORG.name, { exact: true }).waitFor({ timeout: UI_TIMEOUT });

    // Position in it
    await openFromMenu(page, [SYSTEM, ORG_MANAGEMENT, 'Positions']);
    await heading(page, 'Positions').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: /new position/i }).click();
    const positionForm = dialog(page, 'New position');
    await positionForm.getByLabel('Name', { exact: true }).fill(POSITION.name);
    await positionForm.getByLabel('Code', { exact: true }).fill(POSITION.code);
    await chooseOrganisation(page, positionForm, 'Organisation', ORG.name);
    await submitDialog(positionForm);
    await rowWith(page, POSITION.code).filter({ hasText: ORG.name }).waitFor({ timeout: UI_TIMEOUT });

    // User in the organisation
    await openFromMenu(page, [SYSTEM, ORG_MANAGEMENT, 'Users']);
    await heading(page, 'Users').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: USER_PAGE_BUTTONS.create }).click();
    const userForm = dialog(page, 'New user');
    await userForm.getByLabel('Username', { exact: true }).fill(USER.username);
    await userForm.getByLabel('Name', { exact: true }).fill(USER.name);
    await chooseOrganisation(page, userForm, 'Organisation', ORG.name);
    await userForm.getByLabel('Initial password', { exact: true }).fill(USER.password);
    await submitDialog(userForm);
    await rowWith(page, USER.username).filter({ hasText: ORG.name }).waitFor({ timeout: UI_TIMEOUT });
    // The administrator sees every action the new user must not: their absence later means something.
    for (const name of Object.values(USER_PAGE_BUTTONS)) expect(await page.getByRole('button', { name }).count()).toBeGreaterThan(0);

    // Role granting only the users page's query point
    await openFromMenu(page, [SYSTEM, 'Roles']);
    await heading(page, 'Roles').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New role' }).click();
    const roleForm = dialog(page, 'New role');
    await roleForm.getByLabel('Name', { exact: true }).fill(ROLE.name);
    await roleForm.getByLabel('Code', { exact: true }).fill(ROLE.code);
    await submitDialog(roleForm);
    await page.getByRole('link', { name: ROLE.name, exact: true }).click();
    await heading(page, ROLE.name).waitFor({ timeout: UI_TIMEOUT });
    await grantUsersPagePoint(page, 'Query', 1);
    // Only the point itself is granted: the page above it shows half-checked, its other points unchecked.
    const tree = page.getByRole('tree');
    expect(await tree.getByRole('treeitem').filter({ hasText: 'Users' }).getAttribute('aria-checked')).toBe('mixed');
    expect(await tree.getByRole('checkbox', { name: /(^|\s)Create$/ }).getAttribute('aria-checked')).toBe('false');
    expect(await tree.getByRole('checkbox', { name: /(^|\s)Delete$/ }).getAttribute('aria-checked')).toBe('false');

    // The new user becomes a member of the role
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add members' }).click();
    const addMembers = dialog(page, 'Add members');
    await pickRemoteOptions(page, addMembers, 'Users to add', [{ type: USER.username, option: `${USER.name} (${USER.username})` }]);
    await submitDialog(addMembers, 'Add members');
    await rowWith(page, USER.username).waitFor({ timeout: UI_TIMEOUT });
  });

  it('the new user signs in and finds only the Users page, without create, delete, import or export', async () => {
    const { page } = member;
    await signInThroughLoginPage(page, USER.username, USER.password);
    // An administrator-set password is marked expired: sign-in asks for a new one first.
    await changeExpiredPassword(page, USER.password, USER.newPassword);
    await signInThroughLoginPage(page, USER.username, USER.newPassword);
    await page.waitForURL(/\/OSWorkbench$/, { timeout: UI_TIMEOUT });

    await expandMenu(page, [SYSTEM, ORG_MANAGEMENT]);
    await menuItem(page, 'Users').waitFor({ timeout: UI_TIMEOUT });
    for (const absent of ['Overview', 'Organisations', 'Positions', 'User groups', 'Roles']) {
      expect(await menuItem(page, absent).count(), absent).toBe(0);
    }

    await menuItem(page, 'Users').click();
    await page.waitForURL(new RegExp(`${USERS_PATH}$`));
    await expectUsersPageListsNewUser(page);
    for (const [action, name] of Object.entries(USER_PAGE_BUTTONS)) {
      expect(await page.getByRole('button', { name }).count(), action).toBe(0);
    }
  });

  it('sends the new user to /403 for another console page typed in the address bar', async () => {
    const { page } = member;
    for (const path of ['/systemManage/roleManage', '/systemManage/organizationManage/organization']) {
      await page.goto(path);
      await page.waitForURL(/\/403$/, { timeout: UI_TIMEOUT });
    }
  });

  it('answers 403 to the new user’s API calls outside the grant and 200 to the granted list', async () => {
    const { context, page } = member;
    const token = await accessTokenOf(context);
    expect(token).toBeTruthy();
    const headers = { Authorization: `Bearer ${token}` };

    const list = await page.request.get('/api/permission/users', { headers, params: { keyword: USER.username } });
    expect(list.status()).toBe(200);
    const listed = (await list.json()) as { list: { username: string }[] };
    expect(listed.list.map((user) => user.username)).toContain(USER.username);

    const create = await page.request.post('/api/permission/users', {
      headers,
      data: { username: 'e2e.intruder', name: 'Intruder', password: 'intruder-pass-1' },
    });
    expect(create.status()).toBe(403);
    expect((await page.request.get('/api/permission/roles', { headers })).status()).toBe(403);
    expect((await page.request.get('/api/permission/v1/org/tree/whole', { headers })).status()).toBe(200);

    // The refused create changed nothing.
    const after = await page.request.get('/api/permission/users', { headers, params: { keyword: 'e2e.intruder' } });
    expect(((await after.json()) as { list: unknown[] }).list).toEqual([]);
  });

  it('shows the New user button after the administrator grants the create point and the user reloads', async () => {
    await member.page.goto(USERS_PATH);
    await expectUsersPageListsNewUser(member.page);
    expect(await member.page.getByRole('button', { name: USER_PAGE_BUTTONS.create }).count()).toBe(0);

    // The administrator is still on the role's detail view.
    await grantUsersPagePoint(admin.page, 'Create', 2);

    await member.page.reload();
    await expectUsersPageListsNewUser(member.page);
    await member.page.getByRole('button', { name: USER_PAGE_BUTTONS.create }).waitFor({ timeout: UI_TIMEOUT });
    // Only create was added: the other actions are still absent.
    for (const name of [USER_PAGE_BUTTONS.remove, USER_PAGE_BUTTONS.import, USER_PAGE_BUTTONS.export]) {
      expect(await member.page.getByRole('button', { name }).count()).toBe(0);
    }
  });
});
