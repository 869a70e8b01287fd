import multipart from '@fastify/multipart';
import { XLSX_CONTENT_TYPE } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';

/**
 * Lets the routes of this plugin scope (and only them) take an .xlsx workbook of at most `maxBytes`:
 * as the part "file" of a multipart upload, or as the raw body with the workbook's media type.
 */
export async function acceptWorkbookUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, headerPairs: 100 } });
  app.addContentTypeParser(XLSX_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
}

/** The workbook of an import: the `file` part of a multipart upload, or the raw .xlsx body. */
export async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw badRequest('Attach the .xlsx workbook as the multipart part "file"');
    // Over the limit, toBuffer() throws a 413.
    return file.toBuffer();
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Send the workbook as multipart/form-data (part "file") or as the body with content-type ${XLSX_CONTENT_TYPE}`,
  );
}

/** Answers a workbook as a download named `filename` (reduced to safe characters), never cached. */
export const sendWorkbook = (reply: FastifyReply, filename: string, bytes: Buffer) =>
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
