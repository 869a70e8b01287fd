import { groupEndpoints as groups } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { PermissionService } from '../context.ts';
import { groupResource, setGroupActived } from './service.ts';

/** User groups: CRUD and activation (a disabled group's roles stop applying). */
export async function groupRoutes(app: FastifyInstance, { db }: PermissionService) {
  const resource = groupResource(db);
  registerRoutes(app, [
    ...crudRoutes(db, resource, groups),
    route(groups.activate, (request) => setGroupActived(db, resource, auditActorOf(request), request.params.id, true)),
    route(groups.disable, (request) => setGroupActived(db, resource, auditActorOf(request), request.params.id, false)),
  ]);
}
