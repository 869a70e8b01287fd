import { MENU_CATALOGUE, walkCatalogue } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/platform/access.ts';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor } from './app.ts';
import { appPerFile } from './factories/suite.ts';
import { fillPath } from './route-inputs.ts';
import { ENDPOINT_ROUTES } from './endpoint-routes.ts';

/** Route coverage: every endpoint of the contract is checked, so a new endpoint is covered the day it is declared. */
const { t } = appPerFile();
let routes: RegisteredRoute[];
let unprivileged: string;

beforeAll(async () => {
  routes = ENDPOINT_ROUTES;
  const user = await createUser(t);
  unprivileged = (await tokensFor(t, user.username, user.password)).access_token;
});

const call = (route: RegisteredRoute, headers: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as 'GET', url: fillPath(route.url), headers });

/** Gated by a menu element: alone, or with the owner of what the path names let through too. */
const isGated = (route: RegisteredRoute) => route.access === 'gated' || route.access === 'gatedOrOwner';

const catalogueApis = new Set([...walkCatalogue(MENU_CATALOGUE)].flatMap(({ node }) => node.api ?? []));

describe('every endpoint', () => {
  it('declares its access (the server refuses to start otherwise) and there are routes of each kind', () => {
    expect(routes.length).toBeGreaterThan(15);
    for (const access of ['open', 'signedIn', 'gated', 'gatedOrOwner'] as const) {
      expect(routes.filter((route) => route.access === access).length, access).toBeGreaterThan(0);
    }
  });

  it('is reachable from at least one menu element when gated', () => {
    const unreachable = routes.filter((route) => isGated(route) && !catalogueApis.has(route.permission ?? ''));
    expect(unreachable.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('answers 401 without a token, unless open', async () => {
    for (const route of routes.filter((r) => r.access !== 'open')) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      // A HEAD answer has no body: its status says it all.
      if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const forged = await call(route, bearer('not-a-token'));
      expect(forged.statusCode, `${route.method} ${route.url} with a bad token`).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without permissions, owning nothing, on every gated route', async () => {
    for (const route of routes.filter(isGated)) {
      const response = await call(route, bearer(unprivileged));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD') expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('lets the administrator through every gated route', async () => {
    const admin = (await tokensFor(t, 'admin', ADMIN_PASSWORD)).access_token;
    for (const route of routes.filter(isGated)) {
      const response = await call(route, bearer(admin));
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
    }
  });
});
