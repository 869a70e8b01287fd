import { ALL_ENDPOINTS, permissionKeyOf, type Endpoint } from '@portal/contracts';
import type { RegisteredRoute } from '../src/platform/access.ts';

/** An endpoint as the server registers it: `:param` segments, its permission key when gated, its input schemas. */
export const asRoute = (endpoint: Endpoint): RegisteredRoute => ({
  method: endpoint.method,
  url: endpoint.path.replace(/\{(\w+)\}/g, ':$1'),
  access: endpoint.access,
  permission: endpoint.access === 'gated' || endpoint.access === 'gatedOrOwner' ? permissionKeyOf(endpoint) : undefined,
  acceptsApplicationToken: endpoint.acceptsApplicationToken === true,
  schema: { params: endpoint.params, querystring: endpoint.query, body: endpoint.body },
});

/** Every endpoint of the contract, as routes: what the route-coverage, 403 and fuzz tests walk. */
export const ENDPOINT_ROUTES: RegisteredRoute[] = ALL_ENDPOINTS.map(asRoute);
