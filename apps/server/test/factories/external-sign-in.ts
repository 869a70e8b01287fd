import { SESSION_COOKIE, type ThirdOptions } from '@portal/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { asSystem } from '../../src/platform/db/actor.ts';
import { userExternalIdentities } from '../../src/modules/permission/tables.ts';
import { adminHeaders } from './identity.ts';
import type { TestApp } from '../app.ts';

/** Factories of the sign-in-through-a-provider tests: the provider configured, and a browser's way through the flow. */

const RC = '/api/reception-center/oauth/third';

/** Adds (or replaces) the provider `id` through the API as the administrator (or whoever `as` signs in), and sets the linking options. */
export async function configureProvider(
  t: TestApp,
  provider: { id?: string; issuer: string; clientId: string; clientSecret: string },
  options: ThirdOptions = { autoLink: false, createAccounts: false },
  as?: Record<string, string>,
): Promise<void> {
  const headers = as ?? (await adminHeaders(t));
  const id = provider.id ?? 'corp';
  const body = { name: `Sign in with ${id}`, icon: null, scopes: ['profile', 'email'], enabled: true, ...provider, id: undefined };
  const existing = await t.app.inject({ method: 'PUT', url: `/api/system-config/third/portal/providers/${id}`, headers, payload: body });
  if (existing.statusCode === 404) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/system-config/third/portal/providers',
      headers,
      payload: { ...body, id },
    });
    if (created.statusCode !== 200) throw new Error(`provider create failed: ${created.body}`);
  } else if (existing.statusCode !== 200) throw new Error(`provider update failed: ${existing.body}`);
  const saved = await t.app.inject({ method: 'PUT', url: '/api/system-config/third/portal', headers, payload: options });
  if (saved.statusCode !== 200) throw new Error(`options failed: ${saved.body}`);
}

/** The cookies a response set, by name. */
export const cookiesOf = (response: LightMyRequestResponse): Record<string, string> =>
  Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));

export const sessionOf = (response: LightMyRequestResponse) => cookiesOf(response)[SESSION_COOKIE];

/** The browser's flow cookies by state: what `callback` sends back, as the browser that started the flow would. */
const flowCookies = new Map<string, Record<string, string>>();

/** Keeps the flow cookie a start answered with; answers the provider's authorization address. */
function started(response: LightMyRequestResponse, authorization: string): URL {
  const url = new URL(authorization);
  flowCookies.set(url.searchParams.get('state') ?? '', cookiesOf(response));
  return url;
}

/** GET …/third/{id}/start: answers the provider's authorization address. */
export async function startAt(t: TestApp, returnTo: string, providerId = 'corp'): Promise<URL> {
  const response = await t.app.inject({ method: 'GET', url: `${RC}/${providerId}/start`, query: { return_to: returnTo } });
  if (response.statusCode !== 302) throw new Error(`start failed: ${response.statusCode} ${response.body}`);
  return started(response, String(response.headers.location));
}

/** POST …/third/{id}/link as a signed-in user: answers the provider's authorization address. */
export async function startLinkAt(t: TestApp, headers: Record<string, string>, providerId = 'corp'): Promise<URL> {
  const response = await t.app.inject({ method: 'POST', url: `${RC}/${providerId}/link`, headers });
  if (response.statusCode !== 200) throw new Error(`link failed: ${response.statusCode} ${response.body}`);
  return started(response, response.json<{ url: string }>().url);
}

/** The browser at the provider (which signs in at once, with `cookie` if given): the callback address it is sent back to. */
export async function throughProvider(authorization: URL, cookie?: string): Promise<URL> {
  const response = await fetch(authorization, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`the provider did not redirect: ${response.status} ${await response.text()}`);
  return new URL(location);
}

/**
 * The portal's callback, as the browser calls it (path and query of the provider's redirect), with
 * the flow cookie of the browser that started it unless `cookies` says otherwise.
 */
export const callback = (t: TestApp, back: URL, cookies?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: cookies ?? flowCookies.get(back.searchParams.get('state') ?? '') ?? {},
  });

/** Start, provider, callback: the callback's answer. */
export async function signInThrough(t: TestApp, returnTo: string, cookie?: string, providerId = 'corp') {
  return callback(t, await throughProvider(await startAt(t, returnTo, providerId), cookie));
}

/** Links an identity straight into the table (arranging a test). */
export const linkRow = (t: TestApp, userId: string, subject: string, providerId = 'corp') =>
  asSystem(t.database.db, (db) => db.insert(userExternalIdentities).values({ userId, providerId, subject }));
