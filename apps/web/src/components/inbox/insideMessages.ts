import type { InsideMessage, InsideMessageQuery, PageOf, UnreadSummary } from '@portal/contracts';
import { http } from '../../api/http.ts';

/** Base path of the message engine (spec §7). */
export const MESSAGE_ENGINE_API = '/api/message-engine';
const INSIDE = `${MESSAGE_ENGINE_API}/v1/inside-messages`;
export const INSIDE_MESSAGE_STREAM_URL = `${INSIDE}/stream`;

/** A source of the caller's messages with its counts (contracts' InsideMessageSource). */
export interface MessageSource {
  source: string;
  total: number;
  unread: number;
}

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
export const fetchUnreadSummary = (): Promise<UnreadSummary> =>
  http.get<UnreadSummary>(`${INSIDE}/unread`, { silent: true }).then((r) => r.data);

export const fetchInbox = (query: InsideMessageQuery): Promise<PageOf<InsideMessage>> =>
  http.get<PageOf<InsideMessage>>(INSIDE, { params: query }).then((r) => r.data);

export const fetchSources = (): Promise<MessageSource[]> => http.get<MessageSource[]>(`${INSIDE}/sources`).then((r) => r.data);

/** One message; a 404 is shown by the detail view itself, not as a toast. */
export const fetchMessage = (id: string): Promise<InsideMessage> =>
  http.get<InsideMessage>(`${INSIDE}/${encodeURIComponent(id)}`, { silent: true }).then((r) => r.data);

/** Marks the caller's messages read: the given ones, or every unread one with 'all'. */
export const markRead = (ids: string[] | 'all'): Promise<unknown> =>
  http.post(`${INSIDE}/state/read`, ids === 'all' ? { all: true } : { ids });

export const deleteMessages = (ids: string[]): Promise<unknown> => http.delete(INSIDE, { data: { ids } });
