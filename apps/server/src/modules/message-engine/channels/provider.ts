import type { Outbound } from '../../../platform/outbound/guard.ts';
import type { OutgoingDelivery } from './sender.ts';

/** One configured channel's way out: built from its settings, replaced when they change. */
export interface Provider {
  send(delivery: OutgoingDelivery): Promise<void>;
  /** Releases pooled connections; called once no send is running on it any more. */
  close(): Promise<void>;
}

/** Bound on waiting for an HTTP provider (SMS gateway, webhook receiver). */
export const HTTP_TIMEOUT_MS = 10_000;
/** Read of a provider's answer, then dropped: small answers end, so their connection is kept for the next request. */
const ANSWER_BYTES = 4096;

/**
 * An HTTP request to a provider through the outbound guard: bounded in time, never following a
 * redirect (it could carry the channel's secret headers to another host), to an address OUTBOUND_ALLOW
 * allows when it is not public. Resolves on a 2xx; rejects with the status otherwise. Nothing of the
 * answer's body goes into the error, so into the delivery log or the test's 502: what a peer says is
 * no way to read an internal service through the portal.
 */
export async function requestProvider(
  outbound: Outbound,
  what: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<void> {
  const answer = await outbound.request(url, { what, ...init, timeoutMs: HTTP_TIMEOUT_MS, maxBytes: ANSWER_BYTES });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`The ${what} answered ${answer.status}`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The text alternative of an HTML body: its words, with line breaks where blocks end. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|table|ul|ol|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_match, code: string) => (Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
