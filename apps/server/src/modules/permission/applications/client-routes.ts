import { applicationClientEndpoints as clients } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { clientFields } from './client-registration.ts';
import { applicationActedOn, ownsApplication } from './owner-access.ts';

/**
 * Applications' OAuth clients (issue 14), stored by the reception-center and reached through its
 * api. A secret is in the answer that issues it and nowhere else: neither the list nor the audit.
 */
export async function applicationClientRoutes(app: FastifyInstance, ps: PermissionService) {
  const registry = () => ps.signIn.applicationClients;
  const httpPortal = () => new URL(ps.signIn.issuer).protocol === 'http:';

  /** One change and its audit (the client as it is after, never its secret), in one transaction. */
  const audited = async <T extends { client: { clientId: string } }>(
    actor: AuditActor,
    action: string,
    applicationId: string,
    change: (tx: Db) => Promise<T>,
  ): Promise<T> => {
    const result = await transaction(ps.db, async (tx) => {
      const changed = await change(tx);
      await recordAudit(tx, actor, { action, targetType: 'application', targetId: applicationId, after: changed.client });
      return changed;
    });
    // After the commit: a token request in between would otherwise cache the old secret again.
    registry().forget(result.client.clientId);
    return result;
  };

  registerRoutes(
    app,
    [
      route(clients.list, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        return registry().list(ps.db, application.id);
      }),
      route(clients.register, async (request) => {
        const application = await applicationActedOn(ps, request, request.params.applicationId);
        const { kind, ...change } = request.body;
        const fields = clientFields(kind, change, httpPortal());
        return uniqueAsConflict(
          () =>
            audited(auditActorOf(request), 'applications.clients.create', application.id, (tx) =>
              registry().register(tx, { applicationId: application.id, applicationName: application.name, kind, ...fields }),
            ),
          `A ${kind} client of this application`,
        );
      }),
      route(clients.update, async (request) => {
        const { applicationId, clientId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        return audited(auditActorOf(request), 'applications.clients.update', application.id, async (tx) => {
          const current = await registry().find(tx, application.id, clientId);
          const fields = clientFields(current.kind ?? 'web', request.body, httpPortal());
          return registry().update(tx, application.id, clientId, fields);
        });
      }),
      route(clients.rotateSecret, async (request) => {
        const { applicationId, clientId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        return audited(auditActorOf(request), 'applications.clients.secret', application.id, (tx) =>
          registry().rotateSecret(tx, application.id, clientId),
        );
      }),
      route(clients.remove, async (request) => {
        const { applicationId, clientId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        await audited(auditActorOf(request), 'applications.clients.delete', application.id, async (tx) => ({
          client: await registry().remove(tx, application.id, clientId),
        }));
        return { ok: true as const };
      }),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
