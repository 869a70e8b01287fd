import { objectEndpoints as api, PROCESS_QUERY_PARAM } from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route, type EndpointRequest } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { bucketFor, findBucket, type BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { sendProcessed } from '../processors/processed-download.ts';
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
  // The bytes as stored, or through the bucket's processor named by `x-process`.
  const download = async (bucket: BucketRow, request: EndpointRequest<typeof api.get>, reply: FastifyReply) => {
    const row = await objectAt(service.db, bucket.id, checkKey(request.query.key, 'any', 'key'));
    const processor = request.query[PROCESS_QUERY_PARAM];
    if (processor === undefined) return sendObject(service, row, request.headers.range, reply);
    return sendProcessed(service, bucket, row, processor, { ifNoneMatch: request.headers['if-none-match'] }, reply);
  };
  registerRoutes(app, [
    route(api.list, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      const listing = await listObjects(service, bucket.id, request.query);
      recordRest(service, request, bucket.id);
      return listing;
    }),
    route(api.get, async (request, reply) => {
      return download(await bucketOf(request, request.params.bucketId, 'read'), request, reply);
    }),
    // Anyone, without signing in, when the bucket is public-read; a private bucket is answered as a missing one.
    route(api.publicGet, async (request, reply) => {
      const bucket = await findBucket(service, request.params.bucketId);
      if (bucket.policy !== 'public-read') throw notFound('The bucket');
      return download(bucket, request, reply);
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
