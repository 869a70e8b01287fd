import type { Application } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { permissionKey, principalOf } from '../../../platform/access.ts';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { applications } from '../tables.ts';
import { applicationById, type ApplicationRow } from './rows.ts';

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission for this action');

/**
 * The check of a signed-in route on one application: a holder of an element listing the call acts on
 * every application (404 for one that does not exist); otherwise only the application's owner, on
 * their own. Anyone else gets 403, whether the application exists or not, so ids cannot be probed.
 */
async function actedOn<R extends { ownerId: string | null }>(
  ps: PermissionService,
  request: FastifyRequest,
  applicationId: string,
  load: (db: Db, id: string) => Promise<R | undefined>,
): Promise<R> {
  const { userId } = principalOf(request);
  const holdsPoint = await ps.decider.isAllowed(userId, permissionKey(request.method, request.routeOptions.url ?? ''));
  const application = await load(ps.db, applicationId);
  if (holdsPoint) {
    if (!application) throw notFound('The application');
    return application;
  }
  if (!application || application.ownerId !== userId) throw forbidden();
  return application;
}

const storedRow = async (db: Db, id: string): Promise<ApplicationRow | undefined> =>
  (await db.select().from(applications).where(eq(applications.id, id)).limit(1))[0];

/** The check, answering the stored row (for changes). */
export const applicationActedOn = (ps: PermissionService, request: FastifyRequest, applicationId: string): Promise<ApplicationRow> =>
  actedOn(ps, request, applicationId, storedRow);

/** The check, answering the application as the API shows it (with its owner's name), read once. */
export const applicationShownTo = (ps: PermissionService, request: FastifyRequest, applicationId: string): Promise<Application> =>
  actedOn(ps, request, applicationId, applicationById);
