import { openCheckEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { conflict, isTaken, type UniqueField } from './account-rules.ts';
import { inviteState } from './invites.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';

/** A registration form checks a field as it is typed: a burst of 20, then one check every 3 seconds. */
export const OPEN_CHECK_LIMIT = { burst: 20, refillSeconds: 3 };

/**
 * Whether the caller is filling in a form that needs the check: the registration form (when
 * self-registration is on), or an invitation's form, which chooses only a username (the email is
 * the invitation's) and so may check only that, and only with a pending invitation's token.
 */
async function mayCheck(ps: PermissionService, field: UniqueField, token: string | undefined): Promise<boolean> {
  if ((await ps.settings.registrationSettings()).enabled) return true;
  if (field !== 'username' || token === undefined) return false;
  try {
    return (await inviteState(ps.db, token)).state === 'pending';
  } catch (error) {
    // An unknown token is a 404 there; here it is just no invitation.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

/**
 * HEAD /users/open/{field}/{value}: 200 when the value is free, 409 when taken, 400 when malformed,
 * never a body. Open to anyone filling in a form that creates an account; to anyone else (403) it
 * would only tell which accounts exist. Rate-limited per address against enumerating them.
 */
export async function openCheckRoutes(app: FastifyInstance, ps: PermissionService) {
  const take = createRateLimiter(OPEN_CHECK_LIMIT, 'availability checks');
  registerRoutes(
    app,
    (['email', 'phone', 'username'] as const).map((field) =>
      route(openCheckEndpoints[field], async (request, reply) => {
        // Before anything is looked up: guessing invitation tokens is rate-limited like guessing names.
        take(request.ip);
        if (!(await mayCheck(ps, field, request.query.token))) {
          throw new AppError('FORBIDDEN', 'Self-registration is switched off: availability is checked only with a pending invitation');
        }
        if (await isTaken(ps.db, field, request.params.value)) throw conflict(field);
        return reply.code(200).send(null);
      }),
    ),
  );
}
