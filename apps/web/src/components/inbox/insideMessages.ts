import { insideMessageEndpoints, type InsideMessage, type InsideMessageQuery, type PageOf, type UnreadSummary } from '@portal/contracts';
import { call } from '../../api/call.ts';

/** The caller's new messages as they arrive: an event stream the shell reads with fetch, not a JSON call. */
export const INSIDE_MESSAGE_STREAM_URL = insideMessageEndpoints.stream.path;

/**
 * Query keys of the caller's inbox. Every one starts with INBOX_KEY, so invalidating it reloads
 * the bell, the lists, the source counts and open messages after any change.
 */
export const INBOX_KEY = ['message-engine', 'inside-messages'] as const;
export const INBOX_KEYS = {
  unread: [...INBOX_KEY, 'unread'],
  lists: [...INBOX_KEY, 'list'],
  sources: [...INBOX_KEY, 'sources'],
  message: (id: string) => [...INBOX_KEY, 'message', id],
} as const;

/** The bell's count and newest unread messages. Polled, so failures stay quiet (no toast every few seconds). */
export const fetchUnreadSummary = (): Promise<UnreadSummary> => call(insideMessageEndpoints.unread, undefined, { silent: true });

export const fetchInbox = (query: InsideMessageQuery): Promise<PageOf<InsideMessage>> => call(insideMessageEndpoints.list, { query });

export const fetchSources = () => call(insideMessageEndpoints.sources);

/** One message; a 404 is shown by the detail view itself, not as a toast. */
export const fetchMessage = (id: string): Promise<InsideMessage> => call(insideMessageEndpoints.get, { params: { id } }, { silent: true });

/** Marks the caller's messages read: the given ones, or every unread one with 'all'. */
export const markRead = (ids: string[] | 'all'): Promise<unknown> =>
  call(insideMessageEndpoints.markRead, { body: ids === 'all' ? { all: true } : { ids } });

export const deleteMessages = (ids: string[]): Promise<unknown> => call(insideMessageEndpoints.remove, { body: { ids } });
