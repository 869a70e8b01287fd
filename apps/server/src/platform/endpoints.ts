import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { OwnerCheck } from './access.ts';

/** A request to an endpoint, its inputs typed by the endpoint's schemas (Fastify has validated them). */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
};

/** Answers an endpoint: its success body, typed by the endpoint's 200 schema. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply;

/** What a route may add to its endpoint's declaration: a larger body limit, its own hooks. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preHandler' | 'preValidation'>;

/** An endpoint with the handler that answers it. */
export interface BoundRoute {
  endpoint: Endpoint;
  handler: EndpointHandler<Endpoint>;
  extras: RouteExtras | undefined;
}

/** Binds a handler to an endpoint declared in packages/contracts. */
export const route = <E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>, extras?: RouteExtras): BoundRoute => ({
  endpoint,
  // The handler is typed by its own endpoint; the list holds routes of every endpoint.
  handler: handler as unknown as EndpointHandler<Endpoint>,
  extras,
});

/**
 * `/groups/:id` for the endpoint path `/api/permission/groups/{id}` registered under `/api/permission`;
 * at the app's root (prefix ''), the whole path: `/api/health`.
 */
export function routeUrl(path: string, prefix: string): string {
  if (!path.startsWith(`${prefix}/`)) throw new Error(`Endpoint ${path} lies outside its module's prefix ${prefix}`);
  return path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1');
}

/** A success answer that is not JSON, as the OpenAPI document states one: by media type. */
const documentedAnswer = ({ mediaType, description, schema }: NonNullable<Endpoint['produces']>) => ({
  description,
  content: { [mediaType]: { schema } },
});

/**
 * Registers routes in a module's scope (registered under its prefix), or at the app's root: method, path, schemas (so
 * validation, serialisation and the OpenAPI document follow) and access all come from the endpoint. `ownedBy`
 * finds the owner for the routes among them whose access is `gatedOrOwner`.
 */
export function registerRoutes(app: FastifyInstance, routes: readonly BoundRoute[], options: { ownedBy?: OwnerCheck } = {}): void {
  for (const { endpoint, handler, extras } of routes) {
    const ownedBy = endpoint.access === 'gatedOrOwner' ? options.ownedBy : undefined;
    app.route({
      method: endpoint.method,
      url: routeUrl(endpoint.path, app.prefix),
      config: {
        access: endpoint.access,
        acceptsApplicationToken: endpoint.acceptsApplicationToken === true,
        ...(ownedBy ? { ownedBy } : {}),
      },
      schema: {
        ...(endpoint.tags ? { tags: [...endpoint.tags] } : {}),
        summary: endpoint.summary,
        ...(endpoint.description ? { description: endpoint.description } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: endpoint.produces ? { 200: documentedAnswer(endpoint.produces), ...endpoint.responses } : endpoint.responses,
      },
      ...extras,
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });
  }
}
