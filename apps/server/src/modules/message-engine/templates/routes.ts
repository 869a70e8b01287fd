import { templateEndpoints as templates } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { MessageEngineService } from '../context.ts';
import { previewTemplate } from './preview.ts';
import { setTemplateReceivers, templateReceivers } from './receivers.ts';
import { isTaken, templateResource } from './service.ts';

/** Message templates: CRUD, the HEAD checks on id and name, preview, default receivers. */
export async function templateRoutes(app: FastifyInstance, { db, people }: MessageEngineService) {
  registerRoutes(app, [
    ...crudRoutes(db, templateResource(db), templates),
    // Bodiless yes or no, by status.
    route(templates.idTaken, async (request, reply) => {
      if (!(await isTaken(db, 'id', request.params.id))) throw notFound('A message template with this id');
      return reply.code(200).send(null);
    }),
    route(templates.nameTaken, async (request, reply) => {
      if (!(await isTaken(db, 'name', request.params.name.trim()))) throw notFound('A message template with this name');
      return reply.code(200).send(null);
    }),
    route(templates.preview, (request) => previewTemplate(request.body)),
    route(templates.receivers, (request) => templateReceivers(db, people, request.params.id)),
    route(templates.setReceivers, (request) => setTemplateReceivers(db, people, auditActorOf(request), request.params.id, request.body)),
  ]);
}
