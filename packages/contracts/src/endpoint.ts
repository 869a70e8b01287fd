import type { Static, TSchema } from 'typebox';
import { ErrorBody } from './common.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How an endpoint is reached: without sign-in, by any signed-in user, gated by a menu element, or
 * gated with the owner of what its path names let through as well (an application's owner, on it).
 */
export type EndpointAccess = 'open' | 'signedIn' | 'gated' | 'gatedOrOwner';

/**
 * One call of the API, declared once as data. The server binds a handler to it, the permission
 * catalogue's elements list it by reference, the web calls it through one typed client.
 */
export interface Endpoint {
  method: HttpMethod;
  /** The whole path, module prefix included, with `{param}` segments: `/api/permission/groups/{id}`. */
  path: string;
  summary: string;
  tags?: readonly string[];
  description?: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The body's media types when it is not JSON (a form, an upload): callers encode it so. */
  consumes?: readonly string[];
  /**
   * The answers by status: 200 is the success body (absent when the answer is not JSON: a file, an
   * event stream, a redirect), the others the errors the endpoint is known to answer with.
   */
  responses: Partial<Record<number, TSchema>>;
  /**
   * A success answer that is not JSON, for the OpenAPI document: its media type and what it holds
   * (for an event stream, each event's data). The handler writes it itself.
   */
  produces?: { mediaType: string; description: string; schema: TSchema };
  access: EndpointAccess;
  /** A signed-in endpoint that also takes an application token (a third-party page's). */
  acceptsApplicationToken?: boolean;
}

/** Declares an endpoint, keeping its literal types so handlers and callers are typed from it. */
export const endpoint = <const E extends Endpoint>(declared: E): E => declared;

/** `GET:/api/permission/groups/{id}`: the key a menu element lists to gate the endpoint. */
export const permissionKeyOf = (e: Pick<Endpoint, 'method' | 'path'>): string => `${e.method}:${e.path}`;

/** The one error shape for each status listed (for the OpenAPI document). */
export const errorResponses = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
export type ParamsOf<E extends Endpoint> = StaticOf<E['params']>;
export type QueryOf<E extends Endpoint> = StaticOf<E['query']>;
export type BodyOf<E extends Endpoint> = StaticOf<E['body']>;
/** The success body of an endpoint (its 200, or its 201 for a creation); `unknown` for one that does not answer JSON. */
export type ResponseOf<E extends Endpoint> = E['responses'] extends { 200: infer S extends TSchema }
  ? Static<S>
  : E['responses'] extends { 201: infer S extends TSchema }
    ? Static<S>
    : unknown;

/**
 * What a caller passes: only the parts the endpoint declares. A body declared by its media types
 * alone (`consumes`, no schema: an upload) is passed already encoded (a FormData, a file).
 */
export type CallInput<E extends Endpoint> = (E['params'] extends TSchema ? { params: ParamsOf<E> } : { params?: never }) &
  (E['query'] extends TSchema ? { query?: QueryOf<E> } : { query?: never }) &
  (E['body'] extends TSchema ? { body: BodyOf<E> } : E['consumes'] extends readonly string[] ? { body: unknown } : { body?: never });

/** The path with each `{param}` filled in, URL-encoded. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return e.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Every endpoint held in a module's endpoint groups (`{ groups: { list, get, … }, … }`), in order. */
export function endpointsIn(groups: Record<string, Record<string, Endpoint>>): Endpoint[] {
  return Object.values(groups).flatMap((group) => Object.values(group));
}
