import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('QR sign-in', () => {
  it('signs in a second browser once a signed-in one approves the scanned code', async () => {
    const phone = await newPage(browser);
    await signInThroughLoginPage(phone.page, 'admin', E2E_ADMIN_PASSWORD);
    await phone.page.waitForURL(/\/OSWorkbench$/);

    const desk = await newPage(browser);
    await desk.page.goto('/');
    await desk.page.waitForURL(/\/login/);
    const qrResponse = desk.page.waitForResponse((r) => r.url().includes('/oauth/qrcode') && !r.url().includes('result'));
    await desk.page.getByRole('tab', { name: /qr code/i }).click();
    const { content } = (await (await qrResponse).json()) as { content: string };

    // What a phone's camera would open: the address the QR code carries.
    const scanned = new URL(content);
    await phone.page.goto(scanned.pathname + scanned.search);
    await phone.page.getByRole('button', { name: /approve sign-in/i }).click();
    await expect
      .poll(() =>
        phone.page
          .getByText(/approved/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await desk.page.waitForURL(/\/OSWorkbench$/, { timeout: 15_000 });
    await expect.poll(() => desk.page.getByText('Administrator').first().isVisible()).toBe(true);
    await phone.context.close();
    await desk.context.close();
  });
});
