import { roleEndpoints as roles } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { copyRole, createRole, deleteRole, getRole, pageRoles, roleResources, setRoleResources, updateRole } from './service.ts';

/** Roles: CRUD, copying, and the menu nodes each one grants. */
export async function roleRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(roles.list, (request) => pageRoles(ps.db, request.query)),
    route(roles.create, (request) => createRole(ps, auditActorOf(request), request.body)),
    route(roles.get, (request) => getRole(ps.db, request.params.roleId)),
    route(roles.update, (request) => updateRole(ps, auditActorOf(request), request.params.roleId, request.body)),
    route(roles.remove, async (request) => {
      await deleteRole(ps, auditActorOf(request), request.params.roleId);
      return { ok: true as const };
    }),
    route(roles.copy, (request) => copyRole(ps, auditActorOf(request), request.params.roleId, request.body)),
    route(roles.resources, (request) => roleResources(ps.db, request.params.roleId)),
    route(roles.setResources, (request) => setRoleResources(ps, auditActorOf(request), request.params.roleId, request.body.menuIds)),
  ]);
}
