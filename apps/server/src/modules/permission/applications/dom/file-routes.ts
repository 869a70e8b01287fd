import { applicationDomEndpoints as dom } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import { acceptWorkbookUploads, sendWorkbook, uploadedWorkbook } from '../../../../platform/excel/upload.ts';
import type { PermissionService } from '../../context.ts';
import { applicationActedOn, ownsApplication } from '../owner-access.ts';
import { domSheetRows, domTemplate } from './excel.ts';
import { importDomRows } from './import.ts';

/** Largest workbook accepted: two thousand nodes fit in well under 1 MB. */
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** An application's resources as an .xlsx: the template and the import (JSON rows are in routes.ts). */
export async function applicationDomFileRoutes(app: FastifyInstance, ps: PermissionService) {
  // The upload parsers are registered in this plugin's scope only: no other route accepts uploads.
  await acceptWorkbookUploads(app, MAX_UPLOAD_BYTES);
  registerRoutes(
    app,
    [
      route(dom.template, async (request, reply) => {
        await applicationActedOn(ps, request, request.params.applicationId);
        return sendWorkbook(reply, 'resources-template.xlsx', await domTemplate());
      }),
      route(
        dom.importExcel,
        async (request) => {
          const application = await applicationActedOn(ps, request, request.params.applicationId);
          return importDomRows(ps, auditActorOf(request), application, await domSheetRows(await uploadedWorkbook(request)));
        },
        { bodyLimit: MAX_UPLOAD_BYTES },
      ),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
