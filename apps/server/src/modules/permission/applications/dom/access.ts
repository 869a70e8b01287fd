import type { FastifyRequest } from 'fastify';
import { permissionKey, principalOf } from '../../../../platform/access.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { findApplication, type ApplicationRow } from '../rows.ts';

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission for this action');

/**
 * The application a call acts on, for its callers: a holder of an element listing the call (any
 * application), or the application's owner (their own). Anyone else gets a 403, whether or not the
 * application exists, so the ids of others' applications cannot be probed.
 */
export async function applicationFor(ps: PermissionService, request: FastifyRequest, applicationId: string): Promise<ApplicationRow> {
  const { userId } = principalOf(request);
  if (await ps.decider.isAllowed(userId, permissionKey(request.method, request.routeOptions.url ?? ''))) {
    return findApplication(ps.db, applicationId);
  }
  const owned = await findApplication(ps.db, applicationId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (owned?.ownerId !== userId) throw forbidden();
  return owned;
}
