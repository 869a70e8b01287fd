import { applicationClientEndpoints as clients } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditActorOf, recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { applications } from '../tables.ts';
import { clientFields } from './client-registration.ts';
import { applicationActedOn, ownsApplication } from './owner-access.ts';

/**
 * The application as the change's transaction sees it, its row held (FOR SHARE) until the commit: a
 * state change waits for the client change, so a secret is never issued for an application that a
 * concurrent change has just disabled.
 */
async function ownerIn(tx: Db, applicationId: string) {
  const [row] = await tx
    .select({ id: applications.id, name: applications.name, state: applications.state })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('share');
  if (!row) throw notFound('The application');
  return { id: row.id, name: row.name, enabled: row.state === 'enabled' };
}

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
    change: (tx: Tx) => Promise<T>,
  ): Promise<T> =>
    transaction(ps.db, async (tx) => {
      const changed = await change(tx);
      await recordAudit(tx, actor, { action, targetType: 'application', targetId: applicationId, after: changed.client });
      return changed;
    });

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
            audited(auditActorOf(request), 'applications.clients.create', application.id, async (tx) =>
              registry().register(tx, await ownerIn(tx, application.id), { kind, ...fields }),
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
          return registry().update(tx, await ownerIn(tx, application.id), clientId, fields);
        });
      }),
      route(clients.rotateSecret, async (request) => {
        const { applicationId, clientId } = request.params;
        const application = await applicationActedOn(ps, request, applicationId);
        return audited(auditActorOf(request), 'applications.clients.secret', application.id, async (tx) =>
          registry().rotateSecret(tx, await ownerIn(tx, application.id), clientId),
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
