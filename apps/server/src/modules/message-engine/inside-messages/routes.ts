import { insideMessageEndpoints as inbox } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { MessageEngineService } from '../context.ts';
import { deleteMessages, getMessage, markRead, pageInbox, sourcesOf, unreadSummary } from './service.ts';

/** The caller's own inbox: every route acts on the caller's messages only. */
export async function insideMessageRoutes(app: FastifyInstance, { db, people }: MessageEngineService) {
  registerRoutes(app, [
    route(inbox.list, async (request) => pageInbox({ db, people }, principalOf(request).userId, request.query)),
    route(inbox.remove, async (request) => deleteMessages(db, principalOf(request).userId, request.body.ids)),
    route(inbox.sources, async (request) => sourcesOf(db, principalOf(request).userId)),
    route(inbox.markRead, async (request) => markRead(db, principalOf(request).userId, request.body)),
    route(inbox.unread, async (request) => unreadSummary({ db, people }, principalOf(request).userId)),
    route(inbox.get, async (request) => getMessage({ db, people }, principalOf(request).userId, request.params.id)),
  ]);
}
