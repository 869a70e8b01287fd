import { applicationUserEndpoints as applicationUsers, userExcelEndpoints as excel } from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordAudit, type AuditActor } from '../../../../../platform/audit.ts';
import type { Db } from '../../../../../platform/db/client.ts';
import { registerRoutes, route } from '../../../../../platform/endpoints.ts';
import { acceptWorkbookUploads, sendWorkbook, uploadedWorkbook } from '../../../../../platform/excel/upload.ts';
import type { PermissionService } from '../../../context.ts';
import { adminDepsOf, callerOf } from '../deps.ts';
import { exportRows } from './export.ts';
import { importOrgUsers } from './import.ts';
import { writeUserSheet, type UserSheetRow } from './sheet.ts';
import { exportApplicationUsers, importApplicationUsers } from './application-users.ts';

/** Largest workbook accepted: a thousand users fit in well under 1 MB. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Answers exported users as a workbook. Personal data leaving the system: who took which list is worth a record. */
async function sendExport(
  db: Db,
  actor: AuditActor,
  reply: FastifyReply,
  target: { targetType: string; targetId: string; subtree?: boolean },
  filename: string,
  rows: UserSheetRow[],
) {
  const { targetType, targetId, ...options } = target;
  await recordAudit(db, actor, { action: 'users.export', targetType, targetId, after: { ...options, users: rows.length } });
  return sendWorkbook(reply, filename, await writeUserSheet(rows));
}

/** The user template, the export of an organisation's users and their import, as .xlsx workbooks. */
export async function userExcelRoutes(app: FastifyInstance, ps: PermissionService) {
  const deps = adminDepsOf(ps);
  // The upload parsers are registered in this plugin's scope only: no other route accepts uploads.
  await acceptWorkbookUploads(app, MAX_UPLOAD_BYTES);

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
      return sendExport(
        ps.db,
        callerOf(request).actor,
        reply,
        { targetType: 'organization', targetId: orgId, subtree },
        `users-${orgCode}.xlsx`,
        rows,
      );
    }),
    route(applicationUsers.export, async (request, reply) => {
      const { instant, rows } = await exportApplicationUsers(ps.db, request.params.id);
      return sendExport(
        ps.db,
        callerOf(request).actor,
        reply,
        { targetType: 'application', targetId: request.params.id },
        `users-${instant}.xlsx`,
        rows,
      );
    }),
    route(
      applicationUsers.import,
      async (request) => {
        const bytes = await uploadedWorkbook(request);
        return importApplicationUsers(deps, callerOf(request), request.params.id, request.query.mode ?? 'create', bytes);
      },
      { bodyLimit: MAX_UPLOAD_BYTES },
    ),
    route(
      excel.import,
      async (request) => {
        const bytes = await uploadedWorkbook(request);
        return importOrgUsers(deps, callerOf(request), request.params.orgId, request.query.mode ?? 'create', bytes);
      },
      { bodyLimit: MAX_UPLOAD_BYTES },
    ),
  ]);
}
