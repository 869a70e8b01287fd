import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, OpenCheckQuery, OpenEmailParams, OpenPhoneParams, OpenUsernameParams } from '@portal/contracts';
import { Type } from 'typebox';
import { AppError } from '../../../../platform/errors.ts';
import type { PermissionService } from '../../context.ts';
import { conflict, isTaken, type UniqueField } from './account-rules.ts';
import { inviteState } from './invites.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';

/** A registration form checks a field as it is typed: a burst of 20, then one check every 3 seconds. */
export const OPEN_CHECK_LIMIT = { burst: 20, refillSeconds: 3 };

const checks: { field: UniqueField; params: typeof OpenEmailParams | typeof OpenPhoneParams | typeof OpenUsernameParams }[] = [
  { field: 'email', params: OpenEmailParams },
  { field: 'phone', params: OpenPhoneParams },
  { field: 'username', params: OpenUsernameParams },
];

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
export const openCheckRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const take = createRateLimiter(OPEN_CHECK_LIMIT, 'availability checks');
  for (const { field, params } of checks) {
    app.route({
      method: 'HEAD',
      url: `/users/open/${field}/:value`,
      config: { access: 'open' },
      schema: {
        tags: ['users'],
        summary: `Whether a ${field} is still free (200) or taken (409)`,
        description:
          'Answered while self-registration is switched on; otherwise only for a username, with the token of a pending invitation (403 without).',
        params,
        querystring: OpenCheckQuery,
        response: { 200: Type.Null(), 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      handler: async (request, reply) => {
        // Before anything is looked up: guessing invitation tokens is rate-limited like guessing names.
        take(request.ip);
        if (!(await mayCheck(ps, field, (request.query as { token?: string }).token))) {
          throw new AppError('FORBIDDEN', 'Self-registration is switched off: availability is checked only with a pending invitation');
        }
        if (await isTaken(ps.db, field, (request.params as { value: string }).value)) throw conflict(field);
        return reply.code(200).send(null);
      },
    });
  }
};
