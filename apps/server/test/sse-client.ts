/**
 * A minimal reader of the inside-message event stream over real HTTP, as the browser reads it
 * (fetch + a stream reader, since EventSource cannot send a bearer token). Used by the stream
 * tests and the SSE fan-out benchmark.
 */
export const STREAM_PATH = '/api/message-engine/v1/inside-messages/stream';

export interface StreamEvent {
  event: string;
  data: string;
  /** performance.now() when the event was read in full. */
  at: number;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** The body of a refused request (the stream's comments otherwise). */
  body: string;
  events: StreamEvent[];
  /** Resolves when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
  /** The next event (after those already read) matching `accept`; rejects after `timeoutMs`. */
  next(accept?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

function parseFrame(frame: string): { event: string; data: string } | { comment: string } {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) return { comment: line.slice(1).trim() };
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return { event, data: data.join('\n') };
}

/**
 * Opens the stream and waits until the server has registered it (its first comment) or refused it.
 * `accept: null` sends no Accept header of our own (fetch then sends its default, any type).
 */
export async function openStream(origin: string, token: string | null, options: { accept?: string | null } = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.accept !== null) headers.accept = options.accept ?? 'text/event-stream';
  const response = await fetch(`${origin}${STREAM_PATH}`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let body = '';
  if (response.status !== 200 || !response.body) {
    body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      events,
      ended: Promise.resolve(),
      next: () => Promise.reject(new Error('refused')),
      close: () => undefined,
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let over = false;
  let connected!: () => void;
  const registered = new Promise<void>((resolve) => (connected = resolve));
  const ended = (async () => {
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += chunk.value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if ('comment' in frame) {
            body += `${frame.comment}\n`;
            connected();
          } else {
            events.push({ ...frame, at: performance.now() });
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // Aborted by close(): the stream is over either way.
    }
    over = true;
    connected();
    for (const wake of waiters) wake();
  })();
  await registered;

  let seen = 0;
  const next = (accept: (event: StreamEvent) => boolean = () => true, timeoutMs = 5000) =>
    new Promise<StreamEvent>((resolve, reject) => {
      const check = () => {
        while (seen < events.length) {
          const event = events[seen++] as StreamEvent;
          if (accept(event)) return finish(() => resolve(event));
        }
        if (over) finish(() => reject(new Error('the stream ended')));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no event within ${timeoutMs} ms`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });
  return { status: 200, headers: response.headers, body, events, ended, next, close: () => controller.abort() };
}
