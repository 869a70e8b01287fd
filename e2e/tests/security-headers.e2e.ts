import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotsOnFailure } from '../support/failure-shots.ts';
import { baseUrl, launchBrowser, newPage, signInThroughLoginPage } from '../support/browser.ts';
import { signedIn } from '../support/api.ts';
import { UI_TIMEOUT } from '../support/console.ts';
import { takeCspViolations } from '../support/csp.ts';
import { E2E_ADMIN_PASSWORD } from '../support/seed.ts';

/**
 * The security headers as a browser enforces them: another site cannot frame the sign-in page
 * (frame-ancestors), crafted redirect addresses stay on the portal, and the API docs work under the
 * policy. (The shell's framed and new-tab third-party pages and the micro app are checked by their
 * own files; every browser test fails on a policy violation, see support/csp-guard.ts.)
 */

interface Framer {
  url: string;
  close(): Promise<void>;
}

/** Another site (another port: another origin) whose page frames the portal's /login and a page of its own. */
function startFramer(portal: string): Promise<Framer> {
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      request.url === '/own'
        ? '<!doctype html><title>Own</title><p id="own">framed fine</p>'
        : `<!doctype html><title>Framer</title><iframe id="portal" src="${portal}/login" width="800" height="600"></iframe><iframe id="own" src="/own"></iframe>`,
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

let browser: Browser;
let framer: Framer;
let session: { context: BrowserContext; page: Page } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  framer = await startFramer(baseUrl());
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await framer?.close();
});

screenshotsOnFailure('security-headers', () => ({ session }));

const onPortal = (page: Page) => new URL(page.url()).origin === new URL(baseUrl()).origin;

describe('framing', () => {
  it("refuses to render the sign-in page inside another site's frame", async () => {
    session = await newPage(browser);
    const { page } = session;
    await page.goto(framer.url);
    // The control: the other site's own page renders in its frame.
    await page.frameLocator('#own').locator('#own').waitFor({ timeout: UI_TIMEOUT });

    const seen: string[] = [];
    const blocked = () => {
      seen.push(...takeCspViolations());
      return seen.some((text) => text.includes('frame-ancestors'));
    };
    await expect.poll(blocked, { timeout: UI_TIMEOUT }).toBe(true);
    const frame = await (await page.$('#portal'))?.contentFrame();
    expect(frame?.url().startsWith(baseUrl())).toBe(false);
    expect(await page.frameLocator('#portal').getByRole('textbox', { name: 'Username' }).count()).toBe(0);
    // Blocked as intended: only frame-ancestors reports are expected here.
    expect([...seen, ...takeCspViolations()].filter((text) => !text.includes('frame-ancestors'))).toEqual([]);
    await session.context.close();
    session = undefined;
  });
});

describe('redirect addresses', () => {
  // '/\t/other-host/x' is '//other-host/x' to a browser (tabs and newlines are stripped).
  const crafted = ['/\t/other-host/x', '/\n/other-host/x', '/.//other-host/x', '/%2e//other-host/x', '/\\other-host/x'];

  it('/500?redirectUri= retries on the portal, whatever the address', async () => {
    session = await newPage(browser);
    const { page } = session;
    for (const target of crafted) {
      await page.goto(`/500?redirectUri=${encodeURIComponent(target)}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      // Signed out, a retried portal page goes on to sign in: wait until the browser has left the
      // portal or reached /login, so the next address is not raced by this one's redirects.
      await page.waitForURL((url) => url.origin !== new URL(baseUrl()).origin || url.pathname === '/login', { timeout: UI_TIMEOUT });
      expect(onPortal(page), `${JSON.stringify(target)} led to ${page.url()}`).toBe(true);
    }
    await session.context.close();
    session = undefined;
  });

  it('/auth?redirectUri= lands on the portal after the sign-in round trip, whatever the address', async () => {
    session = await newPage(browser);
    const { page } = session;
    await signInThroughLoginPage(page, 'admin', E2E_ADMIN_PASSWORD);
    await signedIn(page);
    for (const target of crafted) {
      await page.goto(`/auth?redirectUri=${encodeURIComponent(target)}`);
      await page.waitForURL((url) => url.pathname !== '/auth' && !url.searchParams.has('code'), { timeout: UI_TIMEOUT });
      await page.waitForLoadState('load');
      expect(onPortal(page), `${JSON.stringify(target)} led to ${page.url()}`).toBe(true);
    }
    await session.context.close();
    session = undefined;
  });
});

describe('the API docs', () => {
  it('render under the Content-Security-Policy', async () => {
    session = await newPage(browser);
    const { page } = session;
    const response = await page.goto('/api/docs');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: /Workbench portal API/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.locator('.opblock').first().waitFor({ timeout: UI_TIMEOUT });
    await session.context.close();
    session = undefined;
  });
});
