import { objectEndpoints as api } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { bucketFor, findBucket } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { recordRest } from '../stats/record-rest.ts';
import { createFolder, deleteObject, renameObject } from './changes.ts';
import { sendObject } from './download.ts';
import { checkKey } from './keys.ts';
import { listObjects } from './list.ts';
import { objectAt } from './rows.ts';
import { uploadRoutes } from './upload-routes.ts';

/** Objects: listing and reading need the read level on the bucket, every change the write level. Each success is counted for the statistics. */
export async function objectRoutes(app: FastifyInstance, service: OssService) {
  const bucketOf = (request: Parameters<typeof principalOf>[0], bucketId: string, needed: 'read' | 'write') =>
    bucketFor(service, principalOf(request).userId, bucketId, needed).then(({ bucket }) => bucket);
  registerRoutes(app, [
    route(api.list, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      const listing = await listObjects(service, bucket.id, request.query);
      recordRest(service, request, bucket.id);
      return listing;
    }),
    route(api.get, async (request, reply) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      const row = await objectAt(service.db, bucket.id, checkKey(request.query.key, 'any', 'key'));
      return sendObject(service, row, request.headers.range, reply);
    }),
    // Anyone, without signing in, when the bucket is public-read; a private bucket is answered as a missing one.
    route(api.publicGet, async (request, reply) => {
      const bucket = await findBucket(service, request.params.bucketId);
      if (bucket.policy !== 'public-read') throw notFound('The bucket');
      const row = await objectAt(service.db, bucket.id, checkKey(request.query.key, 'any', 'key'));
      return sendObject(service, row, request.headers.range, reply);
    }),
    route(api.remove, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'write');
      await deleteObject(service, bucket, request.query.key);
      recordRest(service, request, bucket.id);
      return { ok: true as const };
    }),
    route(api.createFolder, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'write');
      const folder = await createFolder(service, bucket, request.body.key);
      recordRest(service, request, bucket.id);
      return folder;
    }),
    route(api.rename, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'write');
      const moved = await renameObject(service, bucket, request.body.from, request.body.to);
      recordRest(service, request, bucket.id);
      return { moved };
    }),
  ]);
  await app.register(uploadRoutes, service);
}
