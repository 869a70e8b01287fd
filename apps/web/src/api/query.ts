import { QUERY_LIMITS } from '@portal/contracts';
import qs from 'qs';

/** OAuth endpoints take arrays as `a[0]=x`; every other API takes `a=x&a=y` (spec §9). */
export const isOAuthUrl = (url: string | undefined): boolean => !!url && url.includes('/oauth/');

/** Serialises query parameters the way the server parses them (same qs limits). */
export function serializeParams(params: unknown, oauth = false): string {
  if (params === null || typeof params !== 'object') return '';
  return qs.stringify(params, {
    arrayFormat: oauth ? 'indices' : 'repeat',
    encodeValuesOnly: !oauth,
    skipNulls: true,
  });
}

/** Parses a query string (with or without '?') under the shared limits. */
export const parseQuery = (search: string): qs.ParsedQs => qs.parse(search, { ignoreQueryPrefix: true, ...QUERY_LIMITS });

/** `path?query`, or just `path` when nothing is left to add. */
export function withQuery(path: string, params: Record<string, unknown>, oauth = false): string {
  const query = serializeParams(params, oauth);
  return query ? `${path}?${query}` : path;
}
