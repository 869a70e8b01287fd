import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Helpers for driving the administration console the way a person does: through the left menu,
 * dialogs found by their title, fields found by their labels.
 */

/** How long network-driven UI may take to settle before a step counts as failed. */
export const UI_TIMEOUT = 15_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A left-menu entry by its title. Its accessible name starts with the icon's label ("setting
 * System management"), so the title is matched as the name's last words.
 */
export const menuItem = (page: Page, title: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: new RegExp(`(^|\\s)${escapeRegExp(title)}$`, 'i') });

/** Opens left-menu groups one inside the other (a click toggles, so open ones are left alone). */
export async function expandMenu(page: Page, groups: readonly string[]): Promise<void> {
  for (const group of groups) {
    const item = menuItem(page, group);
    await item.waitFor({ timeout: UI_TIMEOUT });
    if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
    await expect.poll(() => item.getAttribute('aria-expanded')).toBe('true');
  }
}

/** Opens a console page through the left menu, e.g. ['System management', 'Roles'], opening closed groups on the way. */
export async function openFromMenu(page: Page, trail: readonly string[]): Promise<void> {
  const target = trail.at(-1);
  if (target === undefined) throw new Error('openFromMenu needs at least one title');
  await expandMenu(page, trail.slice(0, -1));
  const item = menuItem(page, target);
  // A click in the moment the shell settles its first route after sign-in can be overtaken by it:
  // the entry is then not selected, and is clicked again.
  for (let attempt = 1; ; attempt++) {
    await item.click();
    const selected = await expect
      .poll(async () => (await item.getAttribute('class'))?.includes('ant-menu-item-selected') ?? false, { timeout: UI_TIMEOUT / 3 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (selected || attempt === 3) return;
  }
}

/** The page's main heading (every administration page has one h1). */
export const heading = (page: Page, title: string): Locator => page.getByRole('heading', { level: 1, name: title, exact: true });

/** The open dialog with this title. */
export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** Submits a FormModal with its OK button and waits until it has closed (the server accepted it). */
export async function submitDialog(modal: Locator, okText = 'Save'): Promise<void> {
  await modal.getByRole('button', { name: okText, exact: true }).click();
  await modal.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/**
 * Chooses an organisation in an OrgTreeSelect field: opens the field by its label, then clicks the
 * organisation in the drop-down tree (rendered outside the dialog, in the page's popup layer).
 */
export async function chooseOrganisation(page: Page, scope: Locator, fieldLabel: string, orgName: string): Promise<void> {
  await scope.getByLabel(fieldLabel, { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(orgName, { exact: true });
  await option.click();
  await option.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/** Picks options of a server-searched multi-select (RemoteSelect): types each text and clicks the matching option. */
export async function pickRemoteOptions(
  page: Page,
  scope: Locator,
  fieldLabel: string,
  picks: readonly { type: string; option: string }[],
) {
  const field = scope.getByLabel(fieldLabel, { exact: true });
  for (const pick of picks) {
    await field.click();
    await field.fill(pick.type);
    // The visible option, not the select's hidden accessibility copy (role=option) of it.
    const option = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .and(page.getByTitle(pick.option, { exact: true }));
    const chosen = scope.locator('.ant-select-selection-item').filter({ hasText: pick.option });
    // Chosen: it shows as a tag in the field. The search answers while it is typed, so on a slow
    // machine the list can be drawn anew under the click: then the option is clicked again.
    for (let attempt = 1; ; attempt++) {
      // Never a second click on an option already chosen: in a multi-select it would unchoose it.
      const selected = (await option.getAttribute('class').catch(() => ''))?.includes('ant-select-item-option-selected');
      if (!selected) await option.click();
      const shown = await chosen.waitFor({ timeout: UI_TIMEOUT / 3 }).then(
        () => true,
        () => false,
      );
      if (shown) break;
      if (attempt === 3) await chosen.waitFor({ timeout: UI_TIMEOUT });
    }
  }
  // Close the drop-down so the buttons are not covered (Escape would close a dialog too): a click on
  // the dialog's or the card's title.
  await scope.locator('.ant-modal-title, .ant-card-head-title').first().click();
}
