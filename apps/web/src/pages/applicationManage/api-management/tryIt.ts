import { pathOf, type ApiDetail, type Endpoint, type EndpointAccess, type HttpMethod } from '@portal/contracts';

/**
 * A platform API: the only kind try-it calls. An application's API lives at the application's own
 * address and answers the applications authorised to call it, not the portal's client.
 */
export type PlatformApiDetail = ApiDetail & { source: 'platform'; method: HttpMethod; access: EndpointAccess };

export const isPlatformApi = (api: ApiDetail): api is PlatformApiDetail =>
  api.source === 'platform' && api.method !== 'OPTIONS' && api.access !== 'applications';

/** What the try-it form holds: a value per parameter (by `in:name`) and the body as typed. */
export interface TryItValues {
  parameters: Record<string, string | undefined>;
  body: string;
}

/** The call the form describes, as the API client takes it; a body that is not JSON is an error naming why. */
export interface TryItRequest {
  endpoint: Endpoint;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** What the request line shows: `METHOD /path?query`. */
  line: string;
}

/** Whether the call takes a JSON body the form should offer. */
export const takesBody = (api: Pick<ApiDetail, 'method' | 'body'>) => api.body !== null || ['POST', 'PUT', 'PATCH'].includes(api.method);

/** Builds the request from the form (pure, so it is tested without a browser). */
export function tryItRequest(api: PlatformApiDetail, values: TryItValues): TryItRequest {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of api.parameters) {
    const value = values.parameters[`${parameter.in}:${parameter.name}`]?.trim();
    if (value === undefined || value === '') continue;
    (parameter.in === 'path' ? params : query)[parameter.name] = value;
  }
  // JSON.parse throws a SyntaxError with the position: shown to the user as it is.
  const body: unknown = takesBody(api) && values.body.trim() ? JSON.parse(values.body) : undefined;
  const endpoint: Endpoint = { method: api.method, path: api.path, summary: api.summary, responses: {}, access: api.access };
  const search = new URLSearchParams(query).toString();
  return { endpoint, params, query, body, line: `${api.method} ${pathOf(endpoint, params)}${search ? `?${search}` : ''}` };
}
