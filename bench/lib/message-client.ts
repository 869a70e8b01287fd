import type { ChannelCounts, NotifyBody, NotifyResult, StateCounts } from '@portal/contracts';
import { SEND_PROGRESS_POLL_MS } from '@portal/contracts';
import { messageApi } from '../../apps/server/test/messages/message-api.ts';

/** What the message benchmarks share: the portal's message API over HTTP, and the spread of rounds. */

/** Rounds of each measurement; the report shows the median and the spread. */
export const MESSAGE_ROUNDS = 5;

export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}

export const spreadOf = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN, values };
};

/** The portal's message API as the administrator, over HTTP (the crash tests' client). */
export const portalClient = messageApi;
export type PortalClient = ReturnType<typeof portalClient>;

/**
 * Resolves once no receiver of the message is pending, watching as the sendMessage page does (its
 * receivers by channel, every SEND_PROGRESS_POLL_MS); answers the counts over every channel then.
 */
export async function untilSettled(api: PortalClient, messageId: string, timeoutMs = 120_000): Promise<StateCounts> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const channels = await api<ChannelCounts[]>('GET', `/v1/messages/${messageId}/receivers/channel`);
    const counts = totalOf(channels);
    if (counts.pending === 0) return counts;
    if (Date.now() > deadline) throw new Error(`message ${messageId} still pending: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, SEND_PROGRESS_POLL_MS));
  }
}

const totalOf = (channels: ChannelCounts[]): StateCounts =>
  channels.reduce(
    (sum, { counts }) => ({
      total: sum.total + counts.total,
      pending: sum.pending + counts.pending,
      delivered: sum.delivered + counts.delivered,
      failed: sum.failed + counts.failed,
      skipped: sum.skipped + counts.skipped,
    }),
    { total: 0, pending: 0, delivered: 0, failed: 0, skipped: 0 },
  );

/** One send to the audience: milliseconds from the request until every receiver is settled, and the counts. */
export async function timedSend(api: PortalClient, body: NotifyBody): Promise<{ ms: number; counts: StateCounts }> {
  const started = performance.now();
  const sent = await api<NotifyResult>('POST', '/common/notify', body);
  const counts = await untilSettled(api, sent.id);
  return { ms: performance.now() - started, counts };
}
