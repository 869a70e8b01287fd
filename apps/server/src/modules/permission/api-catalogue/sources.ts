import { ALL_ENDPOINTS, type Endpoint } from '@portal/contracts';
import { applicationSource } from './application-source.ts';
import { platformApiId, type CatalogueApi, type CatalogueSource } from './catalogue-api.ts';
import { platformCallers } from './callers.ts';
import { describeEndpoint } from './describe.ts';

/** `/api/permission/...` → 'permission'; the root's own calls (`/api/health`) → 'platform'. */
export function moduleOfPath(path: string): string {
  const [, api, module, next] = path.split('/');
  return api === 'api' && module && next !== undefined ? module : 'platform';
}

const platformApi = (endpoint: Endpoint): CatalogueApi => ({
  entry: {
    id: platformApiId(endpoint.method, endpoint.path),
    source: 'platform',
    module: moduleOfPath(endpoint.path),
    applicationId: null,
    applicationName: null,
    applicationState: null,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    tags: [...(endpoint.tags ?? [])],
    access: endpoint.access,
  },
  detail: async (db) => ({ ...describeEndpoint(endpoint), ...(await platformCallers(db, endpoint)) }),
});

/** The platform's own APIs: every declared endpoint (the routes the server registers, and /api/docs documents). */
export function platformSource(endpoints: readonly Endpoint[] = ALL_ENDPOINTS): CatalogueSource {
  const apis = endpoints.map(platformApi);
  return { name: 'platform', apis: () => Promise.resolve(apis) };
}

/** Every source of the catalogue: the platform's endpoints and the applications' external APIs. */
export const catalogueSources = (): CatalogueSource[] => [platformSource(), applicationSource()];
