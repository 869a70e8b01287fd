import { userExcelEndpoints as excel } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../../platform/endpoints.ts';
import { acceptWorkbookUploads, sendWorkbook, uploadedWorkbook } from '../../../../../platform/excel/upload.ts';
import type { PermissionService } from '../../../context.ts';
import { adminDepsOf, callerOf } from '../deps.ts';
import { exportRows } from './export.ts';
import { importUsers } from './import.ts';
import { writeUserSheet } from './sheet.ts';

/** Largest workbook accepted: a thousand users fit in well under 1 MB. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

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
