import { TOKEN_COOKIE } from '@portal/contracts';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { signInThroughLoginPage } from './browser.ts';
import { UI_TIMEOUT } from './console.ts';

/** The access token a signed-in browser context holds (the os_token cookie). */
export const accessTokenOf = async (context: BrowserContext): Promise<string | undefined> =>
  (await context.cookies()).find((cookie) => cookie.name === TOKEN_COOKIE)?.value;

/** JSON calls with a bearer token, failing loudly on anything but 2xx (a test's set-up, not its subject). */
export function apiAs(request: APIRequestContext, token: string) {
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(path, {
      method,
      ...(data === undefined ? {} : { data }),
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** What `apiAs` returns: one user's JSON calls. */
export type ApiCall = ReturnType<typeof apiAs>;

/**
 * Waits until the sign-in round trip is over, wherever the first landing goes, and the user is in:
 * a landing on /passwordupdate (a password that must be replaced first) is not signed in.
 */
export const signedIn = (page: Page): Promise<void> =>
  page.waitForURL((url) => !/^\/(login|auth|passwordupdate)?$/.test(url.pathname) && !url.searchParams.has('code'), {
    timeout: UI_TIMEOUT,
  });

/** Signs in through the login page and returns the access token, for set-up through the API. */
export async function signInForApi(session: { context: BrowserContext; page: Page }, username: string, password: string): Promise<string> {
  await signInThroughLoginPage(session.page, username, password);
  await signedIn(session.page);
  const token = await accessTokenOf(session.context);
  if (!token) throw new Error(`${username} has no access token`);
  return token;
}
