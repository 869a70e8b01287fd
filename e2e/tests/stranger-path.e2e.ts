import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillSignInForm, launchBrowser, newPage } from '../support/browser.ts';
import { UI_TIMEOUT } from '../support/console.ts';

/**
 * The JavaScript budget of a stranger's first visit: `/` without a session is sent through the
 * authorize endpoint to /login. Every script the browser requests on that way, until the sign-in
 * form shows and the network is quiet, counts once, at its gzip size (as a server compressing it
 * would send it); together at most 250 KB. The build manifest cannot tell this (`npm run size`
 * adds up a route's static imports): only the browser shows what the router and the start-up
 * actually load before the redirect.
 */
const BUDGET_KB = 250;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('loads at most 250 KB of gzip JavaScript from / to the rendered sign-in form', async () => {
  const { context, page } = await newPage(browser);
  const scripts = new Set<string>();
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.add(request.url())));
  await page.goto('/');
  await page.waitForURL(/\/login/, { timeout: UI_TIMEOUT });
  await page.getByRole('textbox', { name: 'Username' }).waitFor({ timeout: UI_TIMEOUT });
  await page.waitForLoadState('networkidle');

  const files = await Promise.all(
    [...scripts].map(async (url) => ({
      path: new URL(url).pathname,
      gzip: gzipSync(await (await context.request.get(url)).body()).length,
    })),
  );
  const totalKb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  console.log(
    [`${totalKb.toFixed(1)} KB gzip in ${files.length} files from / to /login:`]
      .concat(files.sort((a, b) => b.gzip - a.gzip).map((file) => `${(file.gzip / 1024).toFixed(1).padStart(7)}  ${file.path}`))
      .join('\n'),
  );
  await context.close();
  expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
});

it('loads the toast code when a toast is first raised there, and shows it', async () => {
  const { context, page } = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
  // The server asks for a captcha, and the captcha cannot be had: the HTTP client raises a toast.
  await page.route(
    (url) => url.pathname.endsWith('/oauth/jwt'),
    (route) => route.fulfill({ status: 400, json: { code: 'CAPTCHA_REQUIRED', message: 'Enter the characters shown' } }),
  );
  await page.route('**/oauth/verifyCode', (route) =>
    route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'No captcha can be drawn now' } }),
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).waitFor({ timeout: UI_TIMEOUT });
  await page.waitForLoadState('networkidle');
  const isMessageHost = (path: string) => /\/MessageHost-[^/]*\.js$/.test(path);
  expect(scripts.filter(isMessageHost)).toEqual([]);

  await fillSignInForm(page, 'someone', 'some password');
  await page.getByText('No captcha can be drawn now').waitFor({ timeout: UI_TIMEOUT });
  expect(scripts.filter(isMessageHost)).toHaveLength(1);
  await context.close();
});
