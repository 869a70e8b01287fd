import type { Page } from 'playwright-core';
import { UI_TIMEOUT } from './console.ts';

/**
 * On /passwordupdate (where sign-in sends an expired or administrator-set password), replaces the
 * password and waits to be back on the sign-in page.
 */
export async function changeExpiredPassword(page: Page, current: string, next: string): Promise<void> {
  await page.waitForURL(/\/passwordupdate\?/, { timeout: UI_TIMEOUT });
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/login/, { timeout: UI_TIMEOUT });
}
