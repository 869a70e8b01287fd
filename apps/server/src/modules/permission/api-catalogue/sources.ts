import { ALL_ENDPOINTS, permissionKeyOf, type ApiEntry, type Endpoint } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { describeEndpoint, type ApiDescription } from './describe.ts';

/** One API as a source gives it: its list entry, how to describe it, and the key elements gate it by. */
export interface CatalogueApi {
  entry: ApiEntry;
  describe(): ApiDescription;
  /** `METHOD:/path`, as menu elements list it; null when no element can gate the API. */
  permissionKey: string | null;
}

/**
 * Where catalogued APIs come from. The platform's own are one source; each further kind (the
 * external APIs applications publish, from their OpenAPI documents or dom apis) is another source
 * added to `catalogueSources` below, and the list, filters and detail include it with no other change.
 */
export interface CatalogueSource {
  name: ApiEntry['source'];
  apis(db: Db): Promise<CatalogueApi[]>;
}

/** A stable opaque id: the source, the owning application and `METHOD path`, base64url. */
export const apiIdOf = (source: string, applicationId: string | null, method: string, path: string) =>
  Buffer.from(`${source}|${applicationId ?? ''}|${method} ${path}`).toString('base64url');

/** `/api/permission/...` → 'permission'; the root's own calls (`/api/health`) → 'platform'. */
export function moduleOfPath(path: string): string {
  const [, api, module, next] = path.split('/');
  return api === 'api' && module && next !== undefined ? module : 'platform';
}

const platformApi = (endpoint: Endpoint): CatalogueApi => ({
  entry: {
    id: apiIdOf('platform', null, endpoint.method, endpoint.path),
    source: 'platform',
    module: moduleOfPath(endpoint.path),
    applicationId: null,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    tags: [...(endpoint.tags ?? [])],
    access: endpoint.access,
  },
  describe: () => describeEndpoint(endpoint),
  permissionKey: endpoint.access === 'gated' ? permissionKeyOf(endpoint) : null,
});

/** The platform's own APIs: every declared endpoint (the routes the server registers, and /api/docs documents). */
export function platformSource(endpoints: readonly Endpoint[] = ALL_ENDPOINTS): CatalogueSource {
  const apis = endpoints.map(platformApi);
  return { name: 'platform', apis: () => Promise.resolve(apis) };
}

/**
 * Every source of the catalogue. Applications' external APIs plug in here: a source reading the
 * APIs an application publishes (issue 14's `app-apis` part), with `source: 'application'`,
 * `module` the application's instant and `applicationId` set.
 */
export const catalogueSources = (): CatalogueSource[] => [platformSource()];
