import { dictionaryEndpoints as dict } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { SystemConfigService } from '../context.ts';
import { dictionaryItems, dictionaryLists, removeItem, saveItem } from './items.ts';
import { dictionaryResource } from './service.ts';

/** Dictionaries and their item trees; `GET /dict/lists` for every signed-in user (forms, the low-code builder). */
export async function dictionaryRoutes(app: FastifyInstance, { db }: SystemConfigService) {
  registerRoutes(app, [
    route(dict.lists, (request) => dictionaryLists(db, request.query.codes)),
    ...crudRoutes(db, dictionaryResource(db), dict),
    route(dict.items, (request) => dictionaryItems(db, request.params.id)),
    route(dict.createItem, (request) => saveItem(db, auditActorOf(request), { dictionaryId: request.params.id }, request.body)),
    route(dict.updateItem, (request) =>
      saveItem(db, auditActorOf(request), { dictionaryId: request.params.id, itemId: request.params.itemId }, request.body),
    ),
    route(dict.removeItem, (request) => removeItem(db, auditActorOf(request), request.params.id, request.params.itemId)),
  ]);
}
