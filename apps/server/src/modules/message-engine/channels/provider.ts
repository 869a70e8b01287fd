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
const ANSWER_CHARS = 500;

/**
 * The start of an answer's body, read no further than needed: a provider answering a huge page
 * does not make us hold it.
 */
async function answerStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < ANSWER_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, ANSWER_CHARS);
}

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
  const answer = await answerStart(response);
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
