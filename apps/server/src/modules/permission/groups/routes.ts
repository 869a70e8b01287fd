import { groupEndpoints as groups } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { createGroup, deleteGroup, getGroup, pageGroups, setGroupActived, updateGroup } from './service.ts';

/** User groups: CRUD and activation (a disabled group's roles stop applying). */
export async function groupRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(groups.list, (request) => pageGroups(ps.db, request.query)),
    route(groups.create, (request) => createGroup(ps, auditActorOf(request), request.body)),
    route(groups.get, (request) => getGroup(ps.db, request.params.id)),
    route(groups.update, (request) => updateGroup(ps, auditActorOf(request), request.params.id, request.body)),
    route(groups.remove, async (request) => {
      await deleteGroup(ps, auditActorOf(request), request.params.id);
      return { ok: true as const };
    }),
    route(groups.activate, (request) => setGroupActived(ps, auditActorOf(request), request.params.id, true)),
    route(groups.disable, (request) => setGroupActived(ps, auditActorOf(request), request.params.id, false)),
  ]);
}
