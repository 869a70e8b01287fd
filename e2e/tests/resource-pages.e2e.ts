import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signInForApi, type ApiCall } from '../support/api.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { chooseOrganisation, dialog, heading, openFromMenu, pickRemoteOptions, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The pages declared with the resource kit (user groups, positions), driven by keyboard and mouse:
 * the form from the schema (focus, validation, Enter), the status and organisation filters,
 * activation, the detail view with its sections, editing there, and a confirmed delete.
 */

const GROUP = { name: 'Kit Group', code: 'kit-group', renamed: 'Kit Group Renamed' };
const MEMBER = { username: 'kit.member', name: 'Kit Member' };
const ORG = { name: 'Kit Org', code: 'kit-org' };
const POSITION = { name: 'Kit Position', code: 'kit-position' };
const SYSTEM = 'System management';
const ORG_MANAGEMENT = 'Organisation management';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let api: ApiCall;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  api = apiAs(admin.page.request, await signInForApi(admin, 'admin', E2E_ADMIN_PASSWORD));
  await api('POST', '/api/permission/users', { username: MEMBER.username, name: MEMBER.name, password: 'kit-member-pass-1' });
  await api('POST', '/api/permission/v1/org', { name: ORG.name, code: ORG.code });
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

screenshotsOnFailure('resource-pages', () => ({ admin }));

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Chooses an option of an antd Select found by its accessible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(option, { exact: true }).click();
}

/** Answers a row action's confirmation (Popconfirm) with its OK button. */
async function confirmRowAction(page: Page, row: string, action: string, question: string): Promise<void> {
  await rowWith(page, row).getByRole('button', { name: action, exact: true }).click();
  const popup = page.locator('.ant-popconfirm').filter({ hasText: question });
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/** Follows a record's link from the list to its detail view, which shows `sectionText` once loaded. */
async function openDetail(page: Page, name: string, sectionText: string): Promise<void> {
  await page.getByRole('link', { name, exact: true }).click();
  await heading(page, name).waitFor({ timeout: UI_TIMEOUT });
  await page.getByText(sectionText).waitFor({ timeout: UI_TIMEOUT });
}

/** Opens the dialog of `button`, picks the member in its `field`, saves, and waits for the member's row. */
async function addMemberThrough(page: Page, button: string, field: string, okText?: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const form = dialog(page, button);
  await pickRemoteOptions(page, form, field, [{ type: MEMBER.username, option: `${MEMBER.name} (${MEMBER.username})` }]);
  await submitDialog(form, okText);
  await rowWith(page, MEMBER.username).waitFor({ timeout: UI_TIMEOUT });
}

describe('pages declared with the resource kit', () => {
  it('creates a user group from the keyboard, refusing what the schema refuses', async () => {
    const { page } = admin;
    await openFromMenu(page, [SYSTEM, ORG_MANAGEMENT, 'User groups']);
    await heading(page, 'User groups').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New group' }).click();
    const form = dialog(page, 'New group');
    // The first field has the focus: typing goes straight into it.
    const nameId = await form.getByLabel('Name', { exact: true }).getAttribute('id');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe(nameId);
    await page.keyboard.type(GROUP.name);
    await form.getByLabel('Code', { exact: true }).fill('not a code');
    await page.keyboard.press('Enter');
    await form.getByText('Contains characters that are not allowed').waitFor({ timeout: UI_TIMEOUT });
    await form.getByLabel('Code', { exact: true }).fill(GROUP.code);
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await rowWith(page, GROUP.code).filter({ hasText: 'Active' }).waitFor({ timeout: UI_TIMEOUT });
  });

  it('disables the group after a confirmation, and filters the list by status', async () => {
    const { page } = admin;
    await confirmRowAction(page, GROUP.code, 'Disable', `Disable group ${GROUP.name}?`);
    await rowWith(page, GROUP.code).filter({ hasText: 'Disabled' }).waitFor({ timeout: UI_TIMEOUT });
    await choose(page, 'Status', 'Active');
    await rowWith(page, GROUP.code).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await choose(page, 'Status', 'Disabled');
    await rowWith(page, GROUP.code).waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Search name or code').fill('no-such-group');
    await page.keyboard.press('Enter');
    await page.getByText('No groups found').waitFor({ timeout: UI_TIMEOUT });
    await page.getByLabel('Search name or code').fill('');
    await page.keyboard.press('Enter');
  });

  it('opens the group’s detail view, adds a member and edits the group there', async () => {
    const { page } = admin;
    await openDetail(page, GROUP.name, 'No roles granted to this group');
    await addMemberThrough(page, 'Add members', 'Users', 'Add');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = dialog(page, `Edit ${GROUP.name}`);
    await edit.getByLabel('Name', { exact: true }).fill(GROUP.renamed);
    await submitDialog(edit);
    await heading(page, GROUP.renamed).waitFor({ timeout: UI_TIMEOUT });
  });

  it('deletes the group after a confirmation', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await heading(page, 'User groups').waitFor({ timeout: UI_TIMEOUT });
    // The list counts the member added on the detail view.
    await rowWith(page, GROUP.code).getByRole('cell', { name: '1', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await confirmRowAction(page, GROUP.code, 'Delete', `Delete group ${GROUP.renamed}?`);
    await rowWith(page, GROUP.code).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('creates a position in the organisation the list is filtered by, and shows its holders and roles', async () => {
    const { page } = admin;
    await openFromMenu(page, [SYSTEM, ORG_MANAGEMENT, 'Positions']);
    await heading(page, 'Positions').waitFor({ timeout: UI_TIMEOUT });
    await chooseOrganisation(page, page.locator('main'), 'Filter by organisation', ORG.name);
    await page.getByText('No positions found').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New position' }).click();
    const form = dialog(page, 'New position');
    // The organisation of the filter is chosen already.
    await form.getByTitle(ORG.name, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await form.getByLabel('Name', { exact: true }).fill(POSITION.name);
    await form.getByLabel('Code', { exact: true }).fill(POSITION.code);
    await submitDialog(form);
    await rowWith(page, POSITION.code).filter({ hasText: ORG.name }).waitFor({ timeout: UI_TIMEOUT });

    await openDetail(page, POSITION.name, 'Nobody holds this position');
    await addMemberThrough(page, 'Edit holders', 'Holders');
  });
});
