import multipart from '@fastify/multipart';
import { objectEndpoints as api, SINGLE_UPLOAD_MAX_BYTES } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { bucketFor } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { recordRest } from '../stats/record-rest.ts';
import { checkKey } from './keys.ts';
import { putObject } from './put.ts';
import { acceptRawBodies, declaredOf, headerOf } from './raw-body.ts';

/** A PUT's body as it arrives: every parser of this scope leaves it unread, so it streams to disk. */
async function rawPutRoute(app: FastifyInstance, service: OssService) {
  acceptRawBodies(app);
  registerRoutes(app, [
    route(api.put, async (request) => {
      const { bucket } = await bucketFor(service, principalOf(request).userId, request.params.bucketId, 'write');
      const declared = declaredOf(request as FastifyRequest);
      const stored = await putObject(service, bucket, {
        key: request.query.key,
        body: request.raw,
        declaredLength: declared.length,
        declaredMd5: declared.md5,
        declaredSha256: declared.sha256,
        declaredType: headerOf(request as FastifyRequest, 'content-type'),
      });
      recordRest(service, request, bucket.id, { bytesIn: stored.size });
      return stored;
    }),
  ]);
}

/** A browser's upload: one file part of a multipart/form-data body, streamed as it is parsed. */
async function formUploadRoute(app: FastifyInstance, service: OssService) {
  await app.register(multipart, { limits: { fileSize: SINGLE_UPLOAD_MAX_BYTES, files: 1, parts: 1, fields: 0, headerPairs: 100 } });
  registerRoutes(app, [
    route(api.upload, async (request) => {
      const { bucket } = await bucketFor(service, principalOf(request).userId, request.params.bucketId, 'write');
      const prefix = checkKey(request.query.prefix ?? '', 'prefix', 'query.prefix');
      if (prefix !== '' && !prefix.endsWith('/')) throw badRequest("The upload folder ends in '/'", { field: 'query.prefix' });
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      const file = await request.file();
      if (!file?.filename) throw badRequest('Attach the file as a part with a file name', { field: 'file' });
      const stored = await putObject(service, bucket, { key: `${prefix}${file.filename}`, body: file.file, declaredType: file.mimetype });
      recordRest(service, request, bucket.id, { bytesIn: stored.size });
      return stored;
    }),
  ]);
}

/** The two ways bytes come in, each in a scope of its own so no other route parses bodies their way. */
export async function uploadRoutes(app: FastifyInstance, service: OssService) {
  await app.register(rawPutRoute, service);
  await app.register(formUploadRoute, service);
}
