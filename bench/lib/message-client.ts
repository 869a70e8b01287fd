import type { NotifyBody, NotifyResult, StateCounts } from '@portal/contracts';
import { MESSAGE_ENGINE_PREFIX } from '@portal/contracts';

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

/** The portal's API as the administrator, over HTTP. */
export function portalClient(url: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${MESSAGE_ENGINE_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
export type PortalClient = ReturnType<typeof portalClient>;

/** Resolves once no receiver of the message is pending; answers its counts then. */
export async function untilSettled(api: PortalClient, messageId: string, timeoutMs = 120_000): Promise<StateCounts> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = await api<{ counts: StateCounts }>('GET', `/v1/messages/${messageId}`);
    if (message.counts.pending === 0) return message.counts;
    if (Date.now() > deadline) throw new Error(`message ${messageId} still pending: ${JSON.stringify(message.counts)}`);
    // Coarse on purpose: each look counts every receiver, work the database would otherwise spend delivering.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One send to the audience: milliseconds from the request until every receiver is settled, and the counts. */
export async function timedSend(api: PortalClient, body: NotifyBody): Promise<{ ms: number; counts: StateCounts }> {
  const started = performance.now();
  const sent = await api<NotifyResult>('POST', '/common/notify', body);
  const counts = await untilSettled(api, sent.id);
  return { ms: performance.now() - started, counts };
}
