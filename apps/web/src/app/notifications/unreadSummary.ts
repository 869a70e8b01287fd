import type { InsideMessageEvent, UnreadSummary } from '@portal/contracts';

/** At most this many messages are kept in the bell's list after arrivals from the stream. */
export const LATEST_MAX = 10;

/**
 * The bell's summary after a message arrived on the stream: the stream's count, the message first
 * in the list (once, even if the stream repeats it after a reconnect).
 */
export function withArrival(summary: UnreadSummary | undefined, { message, unread }: InsideMessageEvent): UnreadSummary {
  const others = (summary?.latest ?? []).filter((known) => known.id !== message.id);
  return { unread, latest: [message, ...others].slice(0, LATEST_MAX) };
}
