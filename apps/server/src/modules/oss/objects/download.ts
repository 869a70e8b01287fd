import type { FastifyReply } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { ByteRange } from '../../../platform/storage/storage.ts';
import type { OssService } from '../context.ts';
import { contentRange, evaluateRange } from '../s3/conditional.ts';
import { recordRest } from '../stats/record-rest.ts';
import { contentDisposition, showsInline } from './content-type.ts';
import { fileNameOf } from './keys.ts';
import type { ObjectRow } from './rows.ts';

/**
 * The byte range a Range header asks of an object of `size` bytes (one reading of Range for the REST
 * and S3 APIs, s3/conditional.ts): undefined for the whole object, a 416 when it starts past the end.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | undefined {
  const range = evaluateRange(header, size);
  if (range.kind === 'whole') return undefined;
  if (range.kind === 'partial') return { start: range.start, end: range.end };
  throw new AppError(
    'RANGE_NOT_SATISFIABLE',
    `The range is outside the object's ${size} bytes`,
    { size },
    { 'content-range': contentRange(range, size) ?? `bytes */${size}` },
  );
}

/**
 * Streams an object: whole (200) or a range (206), never sniffed by the browser, shown inline only
 * when its type runs nothing (else an attachment named by the key's last segment), sandboxed should
 * it be opened anyway.
 */
export async function sendObject(service: OssService, row: ObjectRow, rangeHeader: string | undefined, reply: FastifyReply) {
  const range = rangeOf(rangeHeader, row.size);
  const { stream } = await service.storage.read(row.storageKey, range);
  reply
    .header('content-type', row.contentType)
    .header('etag', `"${row.etag}"`)
    .header('last-modified', row.updatedAt.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('content-disposition', contentDisposition(fileNameOf(row.key), showsInline(row.contentType)));
  recordRest(service, reply.request, row.bucketId, { bytesOut: range ? range.end - range.start + 1 : row.size });
  if (!range) return reply.header('content-length', row.size).send(stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${row.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stream);
}
