import { menuEndpoints as menus } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { createMenu, deleteMenu, moveMenu, updateMenu } from './service.ts';

/** Editing the menu tree (the permission catalogue); one application's tree is in applications/self-routes.ts. */
export async function menuAdminRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(menus.create, (request) => createMenu(ps, auditActorOf(request), request.body)),
    route(menus.update, (request) => updateMenu(ps, auditActorOf(request), request.params.id, request.body)),
    route(menus.remove, async (request) => ({ deleted: await deleteMenu(ps, auditActorOf(request), request.params.id) })),
    route(menus.move, (request) => moveMenu(ps, auditActorOf(request), request.params.id, request.body)),
  ]);
}
