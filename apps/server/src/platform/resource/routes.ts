import type { Endpoint } from '@portal/contracts';
import { auditActorOf } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { route, type BoundRoute } from '../endpoints.ts';

/** The five endpoints of a plain resource, declared in packages/contracts. */
export interface CrudEndpoints {
  list: Endpoint;
  get: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

/** What the routes ask of a resource (defineResource's answer). */
interface CrudResource {
  page(db: Db, query: never): Promise<unknown>;
  get(db: Db, id: string): Promise<unknown>;
  create(db: Db, actor: ReturnType<typeof auditActorOf>, input: never): Promise<unknown>;
  update(db: Db, actor: ReturnType<typeof auditActorOf>, id: string, input: never): Promise<unknown>;
  remove(actor: ReturnType<typeof auditActorOf>, id: string): Promise<{ ok: true }>;
}

type Input = { params: { id: string }; query: never; body: never };

/** A list's filters: in the query, or in the body of a list answered to a POST (`POST /base-maps/list`). */
const listInput = (endpoint: Endpoint, request: Input) => (endpoint.method === 'POST' ? request.body : request.query);

/**
 * A resource's list, read, create, update and delete bound to its endpoints. The endpoints' schemas
 * have validated the inputs and serialise the answers, so the resource and its contract meet here.
 */
export function crudRoutes(db: Db, resource: CrudResource, endpoints: CrudEndpoints): BoundRoute[] {
  const as = (request: unknown) => request as Input & Parameters<typeof auditActorOf>[0];
  return [
    route(endpoints.list, (request) => resource.page(db, listInput(endpoints.list, as(request)))),
    route(endpoints.get, (request) => resource.get(db, as(request).params.id)),
    route(endpoints.create, (request) => resource.create(db, auditActorOf(as(request)), as(request).body)),
    route(endpoints.update, (request) => resource.update(db, auditActorOf(as(request)), as(request).params.id, as(request).body)),
    route(endpoints.remove, (request) => resource.remove(auditActorOf(as(request)), as(request).params.id)),
  ];
}
