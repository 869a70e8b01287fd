import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, OpenEmailParams, OpenPhoneParams, OpenUsernameParams } from '@portal/contracts';
import { Type } from 'typebox';
import type { PermissionService } from '../../context.ts';
import { conflict, isTaken, type UniqueField } from './account-rules.ts';
import { createRateLimiter } from '../../../../platform/rate-limit.ts';

/** A registration form checks a field as it is typed: a burst of 20, then one check every 3 seconds. */
export const OPEN_CHECK_LIMIT = { burst: 20, refillSeconds: 3 };

const checks: { field: UniqueField; params: typeof OpenEmailParams | typeof OpenPhoneParams | typeof OpenUsernameParams }[] = [
  { field: 'email', params: OpenEmailParams },
  { field: 'phone', params: OpenPhoneParams },
  { field: 'username', params: OpenUsernameParams },
];

/**
 * HEAD /users/open/{field}/{value}: 200 when the value is free, 409 when taken, 400 when malformed,
 * never a body. Open to anyone, so rate-limited per address against enumerating accounts.
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
        params,
        response: { 200: Type.Null(), 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      handler: async (request, reply) => {
        take(request.ip);
        if (await isTaken(ps.db, field, (request.params as { value: string }).value)) throw conflict(field);
        return reply.code(200).send(null);
      },
    });
  }
};
