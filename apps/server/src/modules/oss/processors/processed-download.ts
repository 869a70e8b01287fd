import type { FastifyReply } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { contentDisposition } from '../objects/content-type.ts';
import { fileNameOf } from '../objects/keys.ts';
import { findObject, type ObjectRow } from '../objects/rows.ts';
import { cacheKeyFor, cacheStorageKey, enqueueCacheSweep } from './cache.ts';
import type { ProcessedImage } from './encode-image.ts';
import { formatOfContentType, INPUT_FORMATS, outputContentType, renamedFor } from './image-formats.ts';
import type { ImageLimits } from './image-limits.ts';
import { applyProcessor } from './pipeline.ts';
import { definitionOf, processorCalled } from './store.ts';
import { imageWork } from './work-limit.ts';
import type { ProcessorDefinition } from '@portal/contracts';
import { recordRest } from '../stats/record-rest.ts';

/** Reads objects of one bucket for watermark steps: undefined when there is none by that key. */
export const bucketImages = (service: OssService, bucketId: string) => async (key: string) => {
  const row = await findObject(service.db, bucketId, key);
  return row ? (await service.storage.read(row.storageKey)).stream : undefined;
};

/** Runs a definition over a stored object of the bucket; `signal`: the caller went away (it stops waiting for room). */
export async function processObject(
  service: OssService,
  row: ObjectRow,
  definition: ProcessorDefinition,
  limits: Partial<ImageLimits> | undefined,
  signal: AbortSignal | undefined,
): Promise<ProcessedImage> {
  const { stream } = await service.storage.read(row.storageKey);
  return applyProcessor(stream, definition, { loadImage: bucketImages(service, row.bucketId), limits, signal });
}

/** Aborts when the client closes its connection before its answer is sent, so its image work stops waiting. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError('BAD_REQUEST', 'The client went away before its image was processed'));
  });
  return controller.signal;
}

/** 415 unless the stored object is an image the processors read (its content type was sniffed from its bytes). */
export function assertImage(row: ObjectRow, definition: ProcessorDefinition): string {
  const contentType = outputContentType(definition, row.contentType);
  if (contentType) return contentType;
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `'${row.key}' is ${row.contentType}, not an image a processor reads (${INPUT_FORMATS.join(', ')})`,
    { contentType: row.contentType },
  );
}

/** Headers of an image made by a processor: typed by its format, inline, never sniffed, sandboxed. */
export function imageHeaders(reply: FastifyReply, contentType: string, name: string) {
  const format = formatOfContentType(contentType);
  return reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('content-disposition', contentDisposition(format ? renamedFor(name, format) : name, true));
}

/**
 * Answers an object through the bucket's processor `name`: from the cache when this object, these
 * steps and these watermarks were processed before, else processed now and cached. The ETag is the
 * cache key, so a conditional GET of an unchanged result costs no processing. Processed answers are
 * whole (no Range).
 */
export async function sendProcessed(
  service: OssService,
  bucket: BucketRow,
  row: ObjectRow,
  name: string,
  request: { ifNoneMatch: string | undefined },
  reply: FastifyReply,
) {
  const processor = await processorCalled(service.db, bucket.id, name);
  const definition = definitionOf(processor);
  const contentType = assertImage(row, definition);
  const cacheKey = await cacheKeyFor(service.db, bucket.id, definition, row);
  imageHeaders(reply, contentType, fileNameOf(row.key))
    .header('etag', `"${cacheKey}"`)
    .header('cache-control', 'private, no-cache')
    .header('accept-ranges', 'none');
  const sent = (bytesOut: number) => recordRest(service, reply.request, bucket.id, { bytesOut });
  if (request.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${cacheKey}"`)) {
    sent(0);
    return reply.code(304).send();
  }
  const storageKey = cacheStorageKey(bucket.id, processor.id, row.id, cacheKey);
  const cached = await service.storage.read(storageKey).catch(() => undefined);
  if (cached) {
    sent(cached.size);
    return reply.header('x-cache', 'hit').header('content-length', cached.size).send(cached.stream);
  }
  const result = await imageWork.run(storageKey, clientGone(reply), async (signal) => {
    const made = await processObject(service, row, definition, undefined, signal);
    try {
      await service.storage.put(storageKey, made.body);
      await enqueueCacheSweep(service.db, bucket.id, 'next-hour');
    } catch (error) {
      // The answer does not depend on the cache: a full disk costs the next request a new run, nothing else.
      reply.log.warn({ err: error, storageKey }, 'caching a processed image failed');
    }
    return made;
  });
  sent(result.body.length);
  return reply.header('x-cache', 'miss').header('content-length', result.body.length).send(result.body);
}
