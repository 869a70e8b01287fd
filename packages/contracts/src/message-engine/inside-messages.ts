import { Type } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import {
  InsideMessage,
  InsideMessageEvent,
  InsideMessageIds,
  InsideMessageQuery,
  InsideMessageSource,
  MarkReadBody,
  UnreadCount,
  UnreadSummary,
} from '../inside-messages.ts';
import { IdParams, Page } from '../paging.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

const signedIn = { access: 'signedIn', tags: ['inside messages'] } as const;
const path = `${MESSAGE_ENGINE_PREFIX}/v1/inside-messages`;

/** The caller's own inbox: every endpoint acts on the caller's messages only. */
export const insideMessageEndpoints = {
  list: endpoint({
    ...signedIn,
    method: 'GET',
    path,
    summary: "The caller's messages, newest first, by source, state and a keyword in title or content",
    query: InsideMessageQuery,
    responses: { 200: Page(InsideMessage), ...errorResponses(400) },
  }),
  remove: endpoint({
    ...signedIn,
    method: 'DELETE',
    path,
    summary: "Removes messages from the caller's inbox (all of them are the caller's, or nothing changes)",
    body: InsideMessageIds,
    responses: { 200: UnreadCount, ...errorResponses(400, 404) },
  }),
  sources: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/sources`,
    summary: "The sources of the caller's messages, with counts",
    responses: { 200: Type.Array(InsideMessageSource) },
  }),
  markRead: endpoint({
    ...signedIn,
    method: 'POST',
    path: `${path}/state/read`,
    summary: "Marks the caller's messages read: the given ones (all of them the caller's, or nothing changes), or every unread one",
    body: MarkReadBody,
    responses: { 200: UnreadCount, ...errorResponses(400, 404) },
  }),
  unread: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/unread`,
    summary: "The caller's unread count and newest unread messages",
    responses: { 200: UnreadSummary },
  }),
  get: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/{id}`,
    summary: "One of the caller's messages",
    params: IdParams,
    responses: { 200: InsideMessage, ...errorResponses(400, 404) },
  }),
  stream: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/stream`,
    summary: "The caller's new messages as they arrive (text/event-stream; `inside-message` events)",
    produces: {
      mediaType: 'text/event-stream',
      description: 'An `inside-message` event per new message; a comment line every 25 s',
      schema: InsideMessageEvent,
    },
    responses: errorResponses(406, 429),
  }),
};
