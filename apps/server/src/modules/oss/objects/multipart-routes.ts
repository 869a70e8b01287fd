import { multipartEndpoints as api } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import { bucketFor } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { abortUpload, completeUpload, createUpload, listParts, listUploads, uploadPart } from './multipart.ts';
import { findUpload } from './multipart-rows.ts';
import { acceptRawBodies, declaredOf } from './raw-body.ts';

type Caller = Parameters<typeof principalOf>[0];
const userOf = (request: Caller) => principalOf(request).userId;

/**
 * The bucket of an upload the caller may touch: the write level on the bucket, and the upload its
 * own, or any upload for a bucket admin (a writer neither finishes nor aborts someone else's).
 */
async function uploadBucketFor(service: OssService, request: Caller, params: { bucketId: string; uploadId: string }) {
  const { bucket, level } = await bucketFor(service, userOf(request), params.bucketId, 'write');
  const upload = await findUpload(service.db, bucket, params.uploadId);
  if (level !== 'admin' && upload.initiatorId !== userOf(request)) {
    throw new AppError('FORBIDDEN', 'Only the user who started the upload or a bucket admin may touch it', { needed: 'admin' });
  }
  return bucket;
}

/** A part's body as it arrives: every parser of this scope leaves it unread, so it streams to disk. */
async function partRoute(app: FastifyInstance, service: OssService) {
  acceptRawBodies(app);
  registerRoutes(app, [
    route(api.putPart, async (request) => {
      const { uploadId, partNumber } = request.params;
      const bucket = await uploadBucketFor(service, request, request.params);
      return uploadPart(service, bucket, uploadId, partNumber, request.raw, declaredOf(request as FastifyRequest));
    }),
  ]);
}

/** Multipart uploads (multipart.ts): every call needs the write level on the bucket. */
export async function multipartRoutes(app: FastifyInstance, service: OssService) {
  registerRoutes(app, [
    route(api.create, async (request) => {
      const { bucket } = await bucketFor(service, userOf(request), request.params.bucketId, 'write');
      return createUpload(service, bucket, { ...request.body, initiatorId: userOf(request) });
    }),
    // A writer lists the uploads it started; a bucket admin every one.
    route(api.list, async (request) => {
      const { bucket, level } = await bucketFor(service, userOf(request), request.params.bucketId, 'write');
      return listUploads(service, bucket, { ...request.query, ...(level === 'admin' ? {} : { initiatorId: userOf(request) }) });
    }),
    route(api.parts, async (request) =>
      listParts(service, await uploadBucketFor(service, request, request.params), request.params.uploadId, request.query),
    ),
    route(api.complete, async (request) =>
      completeUpload(service, await uploadBucketFor(service, request, request.params), request.params.uploadId, request.body.parts),
    ),
    route(api.abort, async (request) => {
      await abortUpload(service, await uploadBucketFor(service, request, request.params), request.params.uploadId);
      return { ok: true as const };
    }),
  ]);
  await app.register(partRoute, service);
}
