import type { Endpoint } from '@portal/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { callWith, type CallArgs } from './call.ts';

/**
 * TanStack Query options for reading an endpoint: `useQuery(endpointQuery(ADMIN_KEYS.groups,
 * groupEndpoints.get, { params: { id } }))`. The key starts with `root`, so invalidating a
 * resource's root reloads this query along with every other view of that resource; the endpoint
 * and its input follow, so two reads never share an entry. Leaving the page cancels the request.
 */
export function endpointQuery<E extends Endpoint>(root: QueryKey, endpoint: E, ...[input, options]: CallArgs<E>) {
  return queryOptions({
    queryKey: [...root, endpoint.method, endpoint.path, input ?? null],
    queryFn: ({ signal }) => callWith(endpoint, input, { ...options, signal }),
  });
}
