import { bucketEndpoints as api } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { OssService } from '../context.ts';
import { assertMayTransfer, bucketFor } from './levels.ts';
import {
  bucketDetails,
  bucketView,
  createBucket,
  deleteBucket,
  deleteBucketData,
  listBuckets,
  overview,
  setOwner,
  updateLimits,
} from './service.ts';

/** Buckets: the level each call needs is checked first, in the handler (read, or admin for changes). */
export async function bucketRoutes(app: FastifyInstance, service: OssService) {
  const userOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;
  registerRoutes(app, [
    route(api.overview, () => overview(service)),
    route(api.list, (request) => listBuckets(service, userOf(request))),
    route(api.create, (request) => createBucket(service, auditActorOf(request), userOf(request), request.body)),
    route(api.get, async (request) => {
      const { bucket, level } = await bucketFor(service, userOf(request), request.params.bucketId, 'read');
      return bucketDetails(service, bucket, level);
    }),
    route(api.update, async (request) => {
      const { bucket, level } = await bucketFor(service, userOf(request), request.params.bucketId, 'admin');
      return bucketView(service, await updateLimits(service, auditActorOf(request), bucket, request.body), level);
    }),
    route(api.setOwner, async (request) => {
      const { bucket, level } = await bucketFor(service, userOf(request), request.params.bucketId, 'admin');
      await assertMayTransfer(service, userOf(request), bucket);
      return bucketView(service, await setOwner(service, auditActorOf(request), bucket, request.body.ownerId), level);
    }),
    route(api.remove, async (request) => {
      const { bucket } = await bucketFor(service, userOf(request), request.params.bucketId, 'admin');
      await deleteBucket(service, auditActorOf(request), bucket);
      return { ok: true as const };
    }),
    route(api.removeData, async (request) => {
      const { bucket } = await bucketFor(service, userOf(request), request.params.bucketId, 'admin');
      return { deleted: await deleteBucketData(service, auditActorOf(request), bucket, request.body.name) };
    }),
  ]);
}
