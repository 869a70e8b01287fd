import { OrganizationTreeNode, organizationEndpoints as orgs, type Organization } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { childrenOf, getOrg, orgLevel } from './queries.ts';
import { createOrg, deleteOrg, moveOrgTo, updateOrg } from './service.ts';

/** The organisation tree: reading it level by level or whole, creating, editing, moving, deleting. */
export async function organizationRoutes(app: FastifyInstance, ps: PermissionService) {
  // The whole tree's answer refers to the node schema by its $id.
  app.addSchema(OrganizationTreeNode);

  registerRoutes(app, [
    route(orgs.treeLevel, (request) => orgLevel(ps.db, request.query.parentId)),
    // Already serialised (see tree-cache.ts): sent as it is. The cast tells the type provider that the
    // string is the JSON of the declared tree.
    route(orgs.wholeTree, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send((await ps.orgTree.json()) as unknown as Organization[]),
    ),
    route(orgs.create, (request) => createOrg(ps, auditActorOf(request), request.body)),
    route(orgs.get, (request) => getOrg(ps.db, request.params.orgId)),
    route(orgs.update, (request) => updateOrg(ps, auditActorOf(request), request.params.orgId, request.body)),
    route(orgs.remove, async (request) => {
      await deleteOrg(ps, auditActorOf(request), request.params.orgId);
      return { ok: true as const };
    }),
    route(orgs.move, (request) => moveOrgTo(ps, auditActorOf(request), request.params.orgId, request.body)),
    route(orgs.children, (request) => childrenOf(ps.db, request.params.orgId)),
  ]);
}
