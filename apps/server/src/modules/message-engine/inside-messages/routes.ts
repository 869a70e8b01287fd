import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  InsideMessage,
  InsideMessageIds,
  InsideMessageQuery,
  InsideMessageSource,
  MarkReadBody,
  Page,
  UnreadCount,
  UnreadSummary,
} from '@portal/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../../platform/access.ts';
import { errors } from '../../../platform/responses.ts';
import type { MessageEngineService } from '../context.ts';
import { deleteMessages, getMessage, markRead, pageInbox, sourcesOf, unreadSummary } from './service.ts';

const tags = ['inside messages'];
const signedIn = { access: 'signedIn' } as const;

/** The caller's own inbox: every route acts on the caller's messages only. */
export const insideMessageRoutes: FastifyPluginAsyncTypebox<MessageEngineService> = async (app, { db, people }) => {
  app.get(
    '/v1/inside-messages',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's messages, newest first, by source, state and a keyword in title or content",
        querystring: InsideMessageQuery,
        response: { 200: Page(InsideMessage), ...errors(400) },
      },
    },
    async (request) => pageInbox({ db, people }, principalOf(request).userId, request.query),
  );

  app.delete(
    '/v1/inside-messages',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Removes messages from the caller's inbox (all of them are the caller's, or nothing changes)",
        body: InsideMessageIds,
        response: { 200: UnreadCount, ...errors(400, 404) },
      },
    },
    async (request) => deleteMessages(db, principalOf(request).userId, request.body.ids),
  );

  app.get(
    '/v1/inside-messages/sources',
    {
      config: signedIn,
      schema: { tags, summary: "The sources of the caller's messages, with counts", response: { 200: Type.Array(InsideMessageSource) } },
    },
    async (request) => sourcesOf(db, principalOf(request).userId),
  );

  app.post(
    '/v1/inside-messages/state/read',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Marks the caller's messages read: the given ones (all of them the caller's, or nothing changes), or every unread one",
        body: MarkReadBody,
        response: { 200: UnreadCount, ...errors(400, 404) },
      },
    },
    async (request) => markRead(db, principalOf(request).userId, request.body),
  );

  app.get(
    '/v1/inside-messages/unread',
    {
      config: signedIn,
      schema: { tags, summary: "The caller's unread count and newest unread messages", response: { 200: UnreadSummary } },
    },
    async (request) => unreadSummary({ db, people }, principalOf(request).userId),
  );

  app.get(
    '/v1/inside-messages/:id',
    {
      config: signedIn,
      schema: { tags, summary: "One of the caller's messages", params: IdParams, response: { 200: InsideMessage, ...errors(400, 404) } },
    },
    async (request) => getMessage({ db, people }, principalOf(request).userId, request.params.id),
  );
};
