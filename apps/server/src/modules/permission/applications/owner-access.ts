import type { Application } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { permissionKey, principalOf } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { getApplication } from './rows.ts';

/**
 * An application-scoped call open to holders of a point listing it and to the application's owner
 * for their own application. Anyone else is refused alike whether the application exists or not,
 * so the answer does not tell which ids are taken.
 */
export async function applicationForOwnerOrHolder(
  ps: PermissionService,
  request: FastifyRequest,
  applicationId: string,
): Promise<Application> {
  const { userId } = principalOf(request);
  if (await ps.decider.isAllowed(userId, permissionKey(request.method, request.routeOptions.url ?? ''))) {
    return getApplication(ps.db, applicationId);
  }
  const owned = await getApplication(ps.db, applicationId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (owned?.ownerId !== userId) throw new AppError('FORBIDDEN', 'You do not have permission for this action');
  return owned;
}
