import { applicationEndpoints as applications } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { isInstantTaken } from './instants.ts';
import { ownsApplication } from './owner-access.ts';
import { getApplication } from './rows.ts';
import { pageApplications } from './queries.ts';
import { createApplication, deleteApplication, setApplicationOwner, setApplicationState, updateApplication } from './service.ts';

/** The application registry of the console (applicationManage > application). */
export async function applicationRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(
    app,
    [
      route(applications.list, (request) => pageApplications(ps.db, request.query)),
      route(applications.create, (request) => createApplication(ps, auditActorOf(request), request.body)),
      route(applications.get, (request) => getApplication(ps.db, request.params.applicationId)),
      route(applications.update, (request) => updateApplication(ps, auditActorOf(request), request.params.applicationId, request.body)),
      route(applications.remove, async (request) => {
        await deleteApplication(ps, auditActorOf(request), request.params.applicationId);
        return { ok: true as const };
      }),
      route(applications.setState, (request) =>
        setApplicationState(ps, auditActorOf(request), request.params.applicationId, request.body.state),
      ),
      route(applications.setOwner, (request) =>
        setApplicationOwner(ps, auditActorOf(request), request.params.applicationId, request.body.ownerId),
      ),
      // A bodiless yes or no, by status.
      route(applications.instantTaken, async (request, reply) => {
        if (!(await isInstantTaken(ps.db, request.params.instant))) throw notFound('An application with this instant');
        return reply.code(200).send(null);
      }),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
