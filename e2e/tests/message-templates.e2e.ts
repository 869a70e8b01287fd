import { describe, expect, it } from 'vitest';
import { adminSession } from '../support/admin-session.ts';
import { dialog, heading, openFromMenu, pickRemoteOptions, submitDialog, UI_TIMEOUT } from '../support/console.ts';
import { screenshotsOnFailure } from '../support/failure-shots.ts';

/**
 * Message templates: written in the editor with completion of variables and their samples'
 * properties from the keyboard, previewed live (an undeclared variable named by the preview, then
 * fixed), saved with its id checked as it is typed, and given default receivers shown by name on
 * its detail view.
 */

const TEMPLATE = { id: 'e2e-welcome', name: 'E2E Welcome' };
const TEMPLATES = '/api/message-engine/v1/templates';

const session = adminSession((api) => api('DELETE', `${TEMPLATES}/${TEMPLATE.id}`));

screenshotsOnFailure('message-templates', () => ({ admin: session.admin }));

describe('message templates', () => {
  it('writes a template with completion and a live preview, and saves it', async () => {
    const { page } = session.admin;
    await openFromMenu(page, ['Message centre', 'Message templates']);
    await heading(page, 'Message templates').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = dialog(page, 'New template');
    await editor.getByLabel('Id', { exact: true }).fill(TEMPLATE.id);
    await editor.getByLabel('Name', { exact: true }).fill(TEMPLATE.name);
    await editor.getByLabel('Channel', { exact: true }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('In-app · In-app', { exact: true }).click();

    await editor.getByRole('button', { name: 'Add a variable' }).click();
    await editor.getByLabel('Name 1', { exact: true }).fill('user');
    await editor.getByLabel('Sample 1', { exact: true }).fill('Ann');
    await editor.getByRole('button', { name: 'Add a variable' }).click();
    await editor.getByLabel('Name 2', { exact: true }).fill('order');
    await editor.getByLabel('Sample 2', { exact: true }).fill('{"number": "A-1"}');

    // Typing {{ offers the declared variables; the arrow keys choose and Enter writes one in.
    const subject = editor.getByLabel('Subject', { exact: true });
    await subject.pressSequentially('Hello {{');
    const offered = page.getByRole('listbox', { name: 'Declared variables' });
    await offered.getByRole('option', { name: /^user/ }).waitFor({ timeout: UI_TIMEOUT });
    await subject.press('ArrowDown');
    await subject.press('ArrowUp');
    await subject.press('Enter');
    expect(await subject.inputValue()).toBe('Hello {{ user }}');
    await expect.poll(() => offered.isVisible()).toBe(false);

    // After a dot, the properties of the variable's sample.
    const body = editor.getByLabel('Body', { exact: true });
    await body.pressSequentially('Order {{ order.');
    await offered.getByRole('option', { name: /^number/ }).waitFor({ timeout: UI_TIMEOUT });
    await body.press('Enter');
    expect(await body.inputValue()).toBe('Order {{ order.number }}');
    await body.pressSequentially(' with {{ coupon }}');
    await editor.getByText('Undeclared variable coupon in the body (line 1, column 34)').waitFor({ timeout: UI_TIMEOUT });
    await body.fill('Order {{ order.number }} for {{ user }}');
    await editor.getByText('Order A-1 for Ann').waitFor({ timeout: UI_TIMEOUT });
    await editor.getByText('Hello Ann').waitFor({ timeout: UI_TIMEOUT });

    await submitDialog(editor);
    await page.getByRole('link', { name: TEMPLATE.name, exact: true }).waitFor({ timeout: UI_TIMEOUT });
  });

  it('refuses a taken id as it is typed', async () => {
    const { page } = session.admin;
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = dialog(page, 'New template');
    await editor.getByLabel('Id', { exact: true }).fill(TEMPLATE.id);
    await editor.getByText('A template already has this id').waitFor({ timeout: UI_TIMEOUT });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  });

  it('previews an HTML body in a sandboxed frame, the variables escaped', async () => {
    const { page } = session.admin;
    await page.getByRole('button', { name: 'New template' }).click();
    const editor = dialog(page, 'New template');
    await editor.getByRole('radio', { name: 'HTML' }).check();
    await editor.getByRole('button', { name: 'Add a variable' }).click();
    await editor.getByLabel('Name 1', { exact: true }).fill('user');
    await editor.getByLabel('Sample 1', { exact: true }).fill('"<i>Ann</i>"');
    await editor.getByLabel('Body', { exact: true }).fill('<p>Dear <b>{{ user }}</b></p>');
    const frame = editor.frameLocator('iframe[title="Rendered HTML body"]');
    await frame.getByText('Dear <i>Ann</i>').waitFor({ timeout: UI_TIMEOUT });
    expect(await editor.locator('iframe').getAttribute('sandbox')).toBe('');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  });

  it('shows the template on its detail view and sets its default receivers', async () => {
    const { page } = session.admin;
    await page.getByRole('link', { name: TEMPLATE.name, exact: true }).click();
    await heading(page, TEMPLATE.name).waitFor({ timeout: UI_TIMEOUT });
    await page.getByText('Order A-1 for Ann').waitFor({ timeout: UI_TIMEOUT });
    const receivers = page.locator('.ant-card').filter({ hasText: 'Default receivers' });
    await receivers.getByRole('button', { name: 'Receivers' }).click();
    const chooser = dialog(page, `Default receivers of ${TEMPLATE.name}`);
    await pickRemoteOptions(page, chooser, 'Users', [{ type: 'admin', option: 'Administrator (admin)' }]);
    await submitDialog(chooser);
    await receivers.getByText('Administrator', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    const saved = await session.api<{ receivers: { userIds?: string[] } }>('GET', `${TEMPLATES}/${TEMPLATE.id}`);
    expect(saved.receivers.userIds).toHaveLength(1);
  });
});
