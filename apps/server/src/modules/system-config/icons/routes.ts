import multipart from '@fastify/multipart';
import { iconEndpoints as iconsApi, MAX_ICON_BYTES, MAX_ICONS_PER_UPLOAD } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';
import { cleanUpIcons, deleteIcons } from './removal.ts';
import { findIcon, iconClassifications, pageIcons, versionOf, type IconRow } from './rows.ts';
import { uploadIcons, type UploadedFile } from './upload.ts';

/** The file parts of a multipart upload, each read whole up to the size limit (marked truncated beyond it). */
async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the icons as multipart/form-data file parts');
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    files.push({ filename: part.filename, bytes, truncated: part.file.truncated });
  }
  return files;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');

/**
 * An icon's bytes with the type sniffed at upload. An address carrying the content's version is
 * cached for good; without it, the browser revalidates with the ETag. An SVG gets a policy of its own
 * that runs nothing and fetches nothing, should it be opened on its own.
 */
async function sendIcon(
  service: SystemConfigService,
  row: IconRow,
  version: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const etag = `"${row.sha256}"`;
  reply
    .header('etag', etag)
    .header('cache-control', version === versionOf(row.sha256) ? 'public, max-age=31536000, immutable' : 'public, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (row.contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const { stream, size } = await service.storage.read(row.storageKey);
  return reply.header('content-type', row.contentType).header('content-length', size).send(stream);
}

/** The icon manager (uploads accepted in this plugin's scope only), the icon files and the icon schema. */
export async function iconRoutes(app: FastifyInstance, service: SystemConfigService) {
  const { db } = service;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_ICON_BYTES, files: MAX_ICONS_PER_UPLOAD, fields: 10, parts: MAX_ICONS_PER_UPLOAD + 10, headerPairs: 100 },
  });
  registerRoutes(app, [
    route(iconsApi.classifications, () => iconClassifications(db)),
    route(iconsApi.list, (request) => pageIcons(db, request.params.classification, request.query)),
    route(iconsApi.upload, async (request) =>
      uploadIcons(service, auditActorOf(request), request.params.classification, await uploadedFiles(request)),
    ),
    route(iconsApi.remove, (request) => deleteIcons(service, auditActorOf(request), request.params.classification, request.body)),
    route(iconsApi.cleanUp, (request) => cleanUpIcons(service, auditActorOf(request), request.body.classification)),
    route(iconsApi.file, async (request, reply) => {
      const row = await findIcon(db, request.params.classification, request.params.name);
      if (!row) throw notFound('The icon');
      return sendIcon(service, row, request.query.v, request, reply);
    }),
    route(iconsApi.schema, () => service.iconSchema.current()),
  ]);
}
