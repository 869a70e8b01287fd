import { ALL_ENDPOINTS, MENU_CATALOGUE, permissionKeyOf, walkCatalogue } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { assembledCatalogue } from '../src/bootstrap.ts';
import { appPerFile } from './factories/suite.ts';
import { ENDPOINT_ROUTES } from './endpoint-routes.ts';

/**
 * The contract, the server and the catalogue agree: the server answers exactly the declared
 * endpoints with their declared access, and every gated endpoint is reachable from a menu element.
 * (The web's half — every point it checks exists — is apps/web's points test.)
 */
const { t } = appPerFile();

const describeRoute = (route: { method: string; url: string; access: string; acceptsApplicationToken: boolean }) =>
  `${route.method} ${route.url} ${route.access}${route.acceptsApplicationToken ? ' +application token' : ''}`;

describe('the contract, the server and the catalogue', () => {
  it('declare the same endpoints: the server registers each declared endpoint, with its access, and nothing else', () => {
    const registered = t.app.registeredRoutes.map(describeRoute).sort();
    expect(registered).toEqual(ENDPOINT_ROUTES.map(describeRoute).sort());
    expect(new Set(ALL_ENDPOINTS.map(permissionKeyOf)).size).toBe(ALL_ENDPOINTS.length);
  });

  it('reach every gated endpoint from at least one menu element, and list nothing else', () => {
    const listed = new Set([...walkCatalogue(MENU_CATALOGUE)].flatMap(({ node }) => node.api ?? []));
    const gated = ALL_ENDPOINTS.filter((endpoint) => endpoint.access === 'gated' || endpoint.access === 'gatedOrOwner').map(
      permissionKeyOf,
    );
    expect(gated.filter((key) => !listed.has(key))).toEqual([]);
    // A listed call is a declared endpoint: gated (or gated with the owner let through), or signed-in with a check of its own.
    const declared = new Set(ALL_ENDPOINTS.map(permissionKeyOf));
    expect([...listed].filter((key) => !declared.has(key))).toEqual([]);
  });

  it('seed the catalogue the web shows: every module’s part, in menu order', () => {
    expect(assembledCatalogue()).toEqual(MENU_CATALOGUE);
  });
});
