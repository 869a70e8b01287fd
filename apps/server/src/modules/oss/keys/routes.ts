import { everyKeyEndpoints as every, ownKeyEndpoints as own } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { OssService } from '../context.ts';
import { createKey, everyKey, findKey, ownKeys, removeKey, rotateKey, updateKey } from './service.ts';

/** Runs a change of the owner's keys in one transaction: the caller's own, or under the containment check for an administrator. */
type OnBehalf = <T>(ownerId: string, change: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * The calls on one key, the same for both versions: `reach` finds the key the caller may address (404
 * otherwise), `onBehalf` runs the change. The key directory forgets each change once it is committed.
 */
function oneKeyRoutes(
  service: OssService,
  endpoints: typeof own | typeof every,
  reach: (request: FastifyRequest, accessKeyId: string) => ReturnType<typeof findKey>,
  onBehalf: (request: FastifyRequest) => OnBehalf,
) {
  const change = async <T>(request: FastifyRequest, accessKeyId: string, work: (tx: Db) => Promise<T>) => {
    const key = await reach(request, accessKeyId);
    const result = await onBehalf(request)(key.ownerId, work);
    service.keys.forget(accessKeyId);
    return result;
  };
  return [
    route(endpoints.get, (request) => reach(request, request.params.accessKeyId)),
    route(endpoints.update, (request) =>
      change(request, request.params.accessKeyId, (tx) => updateKey(service, tx, request.params.accessKeyId, request.body)),
    ),
    route(endpoints.rotate, (request) =>
      change(request, request.params.accessKeyId, (tx) => rotateKey(service, tx, request.params.accessKeyId)),
    ),
    route(endpoints.remove, async (request) => {
      await change(request, request.params.accessKeyId, (tx) => removeKey(tx, request.params.accessKeyId));
      return { ok: true as const };
    }),
  ];
}

/**
 * Access keys. v1: the caller's own (any signed-in user; a key never reaches further than its owner).
 * v2: every user's, gated by OSS:authorizationPolicy points; creating, changing, re-keying or deleting
 * a user's key goes through permission's user-administration containment check, so an administrator
 * cannot touch the keys of anyone holding more than they do (the super-administrator above all).
 */
export async function keyRoutes(app: FastifyInstance, service: OssService) {
  const me = (request: FastifyRequest) => principalOf(request).userId;
  const ownChange: OnBehalf = (_ownerId, change) => transaction(service.db, change);
  const administered =
    (request: FastifyRequest): OnBehalf =>
    (ownerId, change) =>
      service.administerUser(me(request), ownerId, change);
  registerRoutes(app, [
    route(own.list, (request) => ownKeys(service, me(request))),
    route(own.create, (request) => ownChange(me(request), (tx) => createKey(service, tx, me(request), request.body))),
    ...oneKeyRoutes(
      service,
      own,
      (request, accessKeyId) => findKey(service, accessKeyId, me(request)),
      () => ownChange,
    ),
    route(every.list, (request) => everyKey(service, request.query)),
    route(every.create, (request) =>
      administered(request)(request.body.ownerId, (tx) => createKey(service, tx, request.body.ownerId, request.body)),
    ),
    ...oneKeyRoutes(service, every, (_request, accessKeyId) => findKey(service, accessKeyId), administered),
  ]);
}
