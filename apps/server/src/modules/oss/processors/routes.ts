import { processorEndpoints as api } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { bucketFor } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { conversionProgress, startConversion } from './conversions.ts';
import { previewProcessor } from './preview.ts';
import {
  createProcessor,
  deleteProcessor,
  listProcessors,
  processorById,
  processorNamed,
  toStoredProcessor,
  updateProcessor,
} from './store.ts';
import { exportProcessors, importProcessors } from './text-io.ts';

/** A bucket's processors: read level to see, preview and export them; admin level to change them; write level to convert. */
export async function processorRoutes(app: FastifyInstance, service: OssService) {
  const bucketOf = (request: FastifyRequest, bucketId: string, needed: 'read' | 'write' | 'admin') =>
    bucketFor(service, principalOf(request).userId, bucketId, needed).then(({ bucket }) => bucket);
  registerRoutes(app, [
    route(api.list, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      return (await listProcessors(service.db, bucket.id)).map(toStoredProcessor);
    }),
    route(api.nameTaken, async (request, reply) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      if (!(await processorNamed(service.db, bucket.id, request.params.name))) throw notFound('The processor');
      return reply.code(200).send();
    }),
    route(api.create, async (request) => createProcessor(service, await bucketOf(request, request.params.bucketId, 'admin'), request.body)),
    route(api.get, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      return toStoredProcessor(await processorById(service.db, bucket.id, request.params.processorId));
    }),
    route(api.update, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'admin');
      return updateProcessor(service, await processorById(service.db, bucket.id, request.params.processorId), request.body);
    }),
    route(api.remove, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'admin');
      await deleteProcessor(service, await processorById(service.db, bucket.id, request.params.processorId));
      return { ok: true as const };
    }),
    route(api.preview, async (request, reply) =>
      previewProcessor(service, await bucketOf(request, request.params.bucketId, 'read'), request.body, reply),
    ),
    route(api.exportText, async (request, reply) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="processors-${bucket.name}.txt"`)
        .send(await exportProcessors(service, bucket));
    }),
    route(api.importText, async (request) =>
      importProcessors(service, await bucketOf(request, request.params.bucketId, 'admin'), request.body),
    ),
    route(api.startConversion, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'write');
      return startConversion(service, bucket, principalOf(request).userId, request.body);
    }),
    route(api.conversion, async (request) => {
      const bucket = await bucketOf(request, request.params.bucketId, 'read');
      return conversionProgress(service.db, bucket.id, request.params.conversionId);
    }),
  ]);
}
