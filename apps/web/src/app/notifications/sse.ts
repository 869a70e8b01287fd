/** One event of a text/event-stream (comments and retry hints are dropped). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules the browser's EventSource follows):
 * chunks may split lines anywhere; a blank line dispatches the event; `data:` lines join with '\n'.
 * We read the stream with fetch because EventSource cannot send an Authorization header.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { push(chunk: string): void } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), ...(id === undefined ? {} : { id }) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk) {
      buffer += chunk;
      // A trailing '\r' may be the first half of '\r\n': keep it until the next chunk.
      for (let match = /\r\n|\r(?=[^\n])|\n/.exec(buffer); match; match = /\r\n|\r(?=[^\n])|\n/.exec(buffer)) {
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}

const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s,
 * spread by ±20 % (`random` in [0, 1)) so that many tabs do not reconnect in step after a restart.
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const plain = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(plain * (0.8 + 0.4 * random));
}
