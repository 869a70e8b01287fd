import { pathOf, type CallInput, type Endpoint, type ResponseOf } from '@portal/contracts';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { http } from './http.ts';

/** Options passed through to axios (`silent`, `signal`, `responseType`, `onDownloadProgress`…). */
export type CallOptions = Omit<AxiosRequestConfig, 'method' | 'url' | 'params' | 'data' | 'baseURL'>;

/** The input may be left out when the endpoint needs none (no path parameters, no body). */
export type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls an endpoint declared in the contracts: method and path from the declaration, path
 * parameters filled in, `query` sent as the query string (the client's serializer), `body` as the
 * JSON body (DELETE included). Answers the endpoint's success body. It goes through the one HTTP
 * client, so the bearer token, the 401 refresh and the error toasts apply as to any other call.
 *
 * ```ts
 * const group = await call(groupEndpoints.get, { params: { id } });
 * await call(relationEndpoints.groupUsers.remove, { body: { groupId, userIds } });
 * ```
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<ResponseOf<E>> {
  return callWith(endpoint, input, options);
}

/**
 * `call` with the input as a plain argument, for code written over any endpoint (the resource kit,
 * the query helper), where TypeScript cannot resolve whether the input may be left out.
 */
export async function callWith<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> | undefined,
  options?: CallOptions,
): Promise<ResponseOf<E>> {
  return (await callForResponse(endpoint, input, options)).data;
}

/**
 * `callWith` answering the whole response, for a caller that reads more than the body: the status
 * of a HEAD check, the file name a download's headers give.
 */
export function callForResponse<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> | undefined,
  options?: CallOptions,
): Promise<AxiosResponse<ResponseOf<E>>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown };
  return http.request<ResponseOf<E>>({
    ...options,
    method: endpoint.method,
    url: pathOf(endpoint, params),
    params: query,
    data: body,
  });
}
