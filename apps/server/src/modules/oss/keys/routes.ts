import { everyKeyEndpoints as every, ownKeyEndpoints as own } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { OssService } from '../context.ts';
import { keyCustody } from './custody.ts';
import { everyKey, findKey, ownKeys } from './service.ts';

/**
 * The calls on one key, the same for both versions: `reach` finds the key the caller may address (404
 * otherwise); every change goes through the caller's key custody (custody.ts).
 */
function oneKeyRoutes(
  service: OssService,
  endpoints: typeof own | typeof every,
  reach: (request: FastifyRequest, accessKeyId: string) => ReturnType<typeof findKey>,
) {
  const custodyOf = (request: FastifyRequest) => keyCustody(service, principalOf(request).userId);
  return [
    route(endpoints.get, (request) => reach(request, request.params.accessKeyId)),
    route(endpoints.update, async (request) => custodyOf(request).update(await reach(request, request.params.accessKeyId), request.body)),
    route(endpoints.rotate, async (request) => custodyOf(request).rotate(await reach(request, request.params.accessKeyId))),
    route(endpoints.remove, async (request) => {
      await custodyOf(request).remove(await reach(request, request.params.accessKeyId));
      return { ok: true as const };
    }),
  ];
}

/**
 * Access keys. v1: the caller's own (any signed-in user; a key never reaches further than its owner).
 * v2: every user's, gated by OSS:authorizationPolicy points; a change of another user's key goes
 * through permission's containment check, and handing out what a key opens (a new key or secret,
 * enabling, widening) also needs the administrator to hold it on the buckets (custody.ts, entrust.ts).
 */
export async function keyRoutes(app: FastifyInstance, service: OssService) {
  const me = (request: FastifyRequest) => principalOf(request).userId;
  registerRoutes(app, [
    route(own.list, (request) => ownKeys(service, me(request))),
    route(own.create, (request) => keyCustody(service, me(request)).create(me(request), request.body)),
    ...oneKeyRoutes(service, own, (request, accessKeyId) => findKey(service, accessKeyId, me(request))),
    route(every.list, (request) => everyKey(service, request.query)),
    route(every.create, (request) => keyCustody(service, me(request)).create(request.body.ownerId, request.body)),
    ...oneKeyRoutes(service, every, (_request, accessKeyId) => findKey(service, accessKeyId)),
  ]);
}
