import { applicationAuthorizationEndpoints as endpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { applicationActedOn, ownsApplication } from '../owner-access.ts';
import { listAuthorizations, removeAuthorization, setAuthorization } from './service.ts';
import { findSubjects } from './subjects.ts';

/**
 * Who may open an application and which of its pages and points they hold. The application's owner
 * manages them for their own application, a holder of the call's point for any (owner-access.ts).
 */
export async function applicationAuthorizationRoutes(app: FastifyInstance, ps: PermissionService) {
  const { db } = ps;
  registerRoutes(
    app,
    [
      route(endpoints.list, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return listAuthorizations(db, id, request.query);
      }),
      route(endpoints.subjects, async (request) => {
        await applicationActedOn(ps, request, request.params.applicationId);
        return findSubjects(db, request.query);
      }),
      route(endpoints.set, async (request) => {
        const { subjectType, subjectId, applicationId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        return setAuthorization(db, auditActorOf(request), application, subjectType, subjectId, request.body.nodeIds);
      }),
      route(endpoints.remove, async (request) => {
        const { subjectType, subjectId, applicationId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        await removeAuthorization(db, auditActorOf(request), application, subjectType, subjectId);
        return { ok: true as const };
      }),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
