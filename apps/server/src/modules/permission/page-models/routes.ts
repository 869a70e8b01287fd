import { pageModelEndpoints as models } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { pageModelDetail, pageModelPage, pageModelVersion } from './queries.ts';
import { createPageModel, removePageModel, savePageModel } from './service.ts';

/** Page models: the stored page definitions, each save a new version. */
export async function pageModelRoutes(app: FastifyInstance, { db }: PermissionService) {
  registerRoutes(app, [
    route(models.list, (request) => pageModelPage(db, request.query)),
    route(models.get, (request) => pageModelDetail(db, request.params.id)),
    route(models.version, (request) => pageModelVersion(db, request.params.id, request.params.version)),
    route(models.create, (request) => createPageModel(db, auditActorOf(request), request.body)),
    route(models.update, (request) => savePageModel(db, auditActorOf(request), request.params.id, request.body)),
    route(models.remove, (request) => removePageModel(db, auditActorOf(request), request.params.id)),
  ]);
}
