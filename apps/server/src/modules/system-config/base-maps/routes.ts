import { baseMapEndpoints as maps } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { SystemConfigService } from '../context.ts';
import { baseMapResource, setBaseMapState, setDefaultBaseMap } from './service.ts';

/** Base maps: CRUD (the list a POST with its filters in the body), state and the default map. */
export async function baseMapRoutes(app: FastifyInstance, { db }: SystemConfigService) {
  registerRoutes(app, [
    ...crudRoutes(db, baseMapResource(db), maps),
    route(maps.setState, (request) => setBaseMapState(db, auditActorOf(request), request.params.id, request.body.enabled)),
    route(maps.setDefault, (request) => setDefaultBaseMap(db, auditActorOf(request), request.params.id)),
  ]);
}
