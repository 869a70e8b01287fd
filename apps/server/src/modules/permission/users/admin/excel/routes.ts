import multipart from '@fastify/multipart';
import { userExcelEndpoints as excel, XLSX_CONTENT_TYPE } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../../platform/endpoints.ts';
import { AppError, badRequest } from '../../../../../platform/errors.ts';
import type { PermissionService } from '../../../context.ts';
import { adminDepsOf, callerOf } from '../deps.ts';
import { exportRows } from './export.ts';
import { importUsers } from './import.ts';
import { writeUserSheet } from './sheet.ts';

/** Largest workbook accepted: a thousand users fit in well under 1 MB. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const sendWorkbook = (reply: FastifyReply, filename: string, bytes: Buffer) =>
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(bytes);

/** The workbook of an import: the `file` part of a multipart upload, or the raw .xlsx body. */
async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
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

/** The user template, the export of an organisation's users and their import, as .xlsx workbooks. */
export async function userExcelRoutes(app: FastifyInstance, ps: PermissionService) {
  const deps = adminDepsOf(ps);
  // Both parsers are registered in this plugin's scope only: no other route accepts uploads.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 } });
  app.addContentTypeParser(XLSX_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  registerRoutes(app, [
    route(excel.template, async (_request, reply) => {
      const example = {
        username: 'jdoe',
        name: 'Jane Doe',
        email: 'jane.doe@example.com',
        phone: '+1 555 0100',
        positionCodes: [],
        groupCodes: [],
      };
      return sendWorkbook(reply, 'users-template.xlsx', await writeUserSheet([example]));
    }),
    route(excel.export, async (request, reply) => {
      const { orgId } = request.params;
      const subtree = request.query.subtree ?? false;
      const { orgCode, rows } = await exportRows(ps.db, orgId, subtree);
      // Personal data leaving the system: who took which list is worth a record.
      await recordAudit(ps.db, callerOf(request).actor, {
        action: 'users.export',
        targetType: 'organization',
        targetId: orgId,
        after: { subtree, users: rows.length },
      });
      return sendWorkbook(reply, `users-${orgCode}.xlsx`, await writeUserSheet(rows));
    }),
    route(
      excel.import,
      async (request) => {
        const bytes = await uploadedWorkbook(request);
        return importUsers(deps, callerOf(request), request.params.orgId, request.query.mode ?? 'create', bytes);
      },
      { bodyLimit: MAX_UPLOAD_BYTES },
    ),
  ]);
}
