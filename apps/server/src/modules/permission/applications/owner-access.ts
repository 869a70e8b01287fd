import type { FastifyRequest } from 'fastify';
import { permissionKey, principalOf } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { applications } from '../tables.ts';
import { eq } from 'drizzle-orm';
import { findApplication, type ApplicationRow } from './rows.ts';

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission for this action');

/**
 * The check of a signed-in route on one application: a holder of an element listing the call acts on
 * every application (404 for one that does not exist); otherwise only the application's owner, on
 * their own. Anyone else gets 403, whether the application exists or not, so ids cannot be probed.
 */
export async function applicationActedOn(ps: PermissionService, request: FastifyRequest, applicationId: string): Promise<ApplicationRow> {
  const { userId } = principalOf(request);
  if (await ps.decider.isAllowed(userId, permissionKey(request.method, request.routeOptions.url ?? ''))) {
    return findApplication(ps.db, applicationId);
  }
  const [owned] = await ps.db.select().from(applications).where(eq(applications.id, applicationId));
  if (owned?.ownerId !== userId) throw forbidden();
  return owned;
}
