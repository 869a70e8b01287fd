import { applicationDomEndpoints as dom } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { notFound } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { applicationActedOn, ownsApplication } from '../owner-access.ts';
import { domApis, isResourceTaken } from './apis.ts';
import { importDomRows } from './import.ts';
import { createDomNode, deleteDomNode, domTree, moveDomNode, updateDomNode } from './nodes.ts';
import { getSyncTask, queueSync } from './sync/task.ts';

/** An application's resource tree and its synchronisation, for its owner and for holders of the points. */
export async function applicationDomRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(
    app,
    [
      route(dom.tree, async (request) => domTree(ps.db, await applicationActedOn(ps, request, request.params.applicationId))),
      route(dom.apis, async (request) => domApis(ps.db, await applicationActedOn(ps, request, request.params.applicationId))),
      route(dom.create, async (request) =>
        createDomNode(ps, auditActorOf(request), await applicationActedOn(ps, request, request.params.applicationId), request.body),
      ),
      route(dom.update, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        return updateDomNode(ps, auditActorOf(request), application, request.params.nodeId, request.body);
      }),
      route(dom.remove, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        return { deleted: await deleteDomNode(ps, auditActorOf(request), application, request.params.nodeId) };
      }),
      route(dom.move, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        return moveDomNode(ps, auditActorOf(request), application, request.params.nodeId, request.body);
      }),
      // A bodiless yes or no, by status.
      route(dom.instantTaken, async (request, reply) => {
        await applicationActedOn(ps, request, request.params.applicationId);
        if (!(await isResourceTaken(ps.db, request.params.instant))) throw notFound('A resource with this instant');
        return reply.code(200).send(null);
      }),
      route(dom.importFile, async (request) =>
        importDomRows(
          ps,
          auditActorOf(request),
          await applicationActedOn(ps, request, request.params.applicationId),
          request.body.rows.map((input, index) => ({ row: index + 1, input })),
        ),
      ),
      route(dom.synchronize, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        return { taskId: await queueSync(ps.db, auditActorOf(request), application, request.body.menu) };
      }),
      route(dom.synchronizationTask, async (request) => {
        await applicationActedOn(ps, request, request.params.applicationId);
        return getSyncTask(ps.db, request.params.applicationId, request.params.taskId);
      }),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
