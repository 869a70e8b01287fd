import type { AuditActor } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ExternalIdentitiesApi, ExternalIdentity } from '../../permission/index.ts';

/**
 * Links the identity to the user, as that user; false when it cannot be (another account holds it,
 * or the user already has one at that provider: nothing is replaced silently).
 */
export async function linkAsOwner(accounts: ExternalIdentitiesApi, actor: AuditActor, userId: string, identity: ExternalIdentity) {
  try {
    await accounts.link({ ...actor, actorId: userId }, userId, identity);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}
