import { responseText } from '../../../platform/response-text.ts';
import type { OutgoingDelivery } from './sender.ts';

/** One configured channel's way out: built from its settings, replaced when they change. */
export interface Provider {
  send(delivery: OutgoingDelivery): Promise<void>;
  /** Releases pooled connections; called once no send is running on it any more. */
  close(): Promise<void>;
}

/** Bound on waiting for an HTTP provider (SMS gateway, webhook receiver). */
export const HTTP_TIMEOUT_MS = 10_000;
/** How much of a refusing provider's answer the error (and so the delivery log) keeps. */
const ANSWER_BYTES = 500;

/**
 * An HTTP request to a provider, bounded in time and never following a redirect (it could carry
 * the channel's secret headers to another host). Resolves on a 2xx; rejects with the status and
 * the start of the answer otherwise.
 */
export async function requestProvider(what: string, url: string, init: RequestInit): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`The ${what} did not answer within ${HTTP_TIMEOUT_MS / 1000} s`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`The ${what} could not be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
  if (response.status >= 200 && response.status < 300) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  const answer = (await responseText(response, ANSWER_BYTES)).text;
  throw new Error(`The ${what} answered ${response.status}${answer ? `: ${answer}` : ''}`);
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
