import { CLASSIFICATION_IMPORT_MAX_BYTES, classificationEndpoints as classes } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { acceptWorkbookUploads, sendWorkbook, uploadedWorkbook } from '../../../platform/excel/upload.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { MessageEngineService } from '../context.ts';
import { classificationTemplate, importClassifications } from './import.ts';
import { classificationPicks, classificationResource } from './service.ts';

/** Message classifications: CRUD, the list pickers read, and the Excel import with its template. */
export async function classificationRoutes(app: FastifyInstance, { db }: MessageEngineService) {
  // The upload parsers are registered in this plugin's scope only: no other route accepts uploads.
  await acceptWorkbookUploads(app, CLASSIFICATION_IMPORT_MAX_BYTES);
  registerRoutes(app, [
    ...crudRoutes(db, classificationResource(db), classes),
    route(classes.picks, () => classificationPicks(db)),
    route(classes.template, async (_request, reply) =>
      sendWorkbook(reply, 'classifications-template.xlsx', await classificationTemplate()),
    ),
    route(classes.import, async (request) => importClassifications(db, auditActorOf(request), await uploadedWorkbook(request)), {
      bodyLimit: CLASSIFICATION_IMPORT_MAX_BYTES,
    }),
  ]);
}
