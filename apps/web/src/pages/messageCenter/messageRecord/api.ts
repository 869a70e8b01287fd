import { messageEndpoints, type MessageQuery, type MessageSummary, type PageOf } from '@portal/contracts';
import { call } from '../../../api/call.ts';
import type { PageState } from '../../../components/admin/pageQuery.ts';

/** Every view of the message records reloads under this key (after a retry, on the live refresh). */
export const RECORDS_KEY = ['message-engine', 'messages'] as const;

/** While a message has pending deliveries its views refresh this often. */
export const LIVE_REFRESH_MS = 2_000;

export const fetchMessages = (query: PageState & Record<string, unknown>): Promise<PageOf<MessageSummary>> =>
  call(messageEndpoints.list, { query: query as MessageQuery });
