import type { ServerResponse } from 'node:http';

/** An open text/event-stream response. */
export interface EventStream {
  /** Writes a chunk; a client that stopped reading (too much buffered) is cut off instead. */
  write(chunk: string): void;
  end(): void;
}

/** More unsent bytes than this and the client is not reading: drop it (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** Whether an Accept header admits text/event-stream: that type, `text/*` or any type, with a quality above 0. */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && Number(quality.slice(2)) === 0) return false;
    return type === 'text/event-stream' || type === 'text/*' || type === '*/*';
  });
}

/** One SSE frame: an event name and its JSON data (JSON text has no raw newlines, so one data line). */
export const eventFrame = (event: string, json: string) => `event: ${event}\ndata: ${json}\n\n`;

/** A comment line: ignored by clients, it keeps proxies and load balancers from closing an idle stream. */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/**
 * Starts the event stream on a raw response the framework no longer manages (hijacked). The
 * connection is not reused after the stream: a closing app or an expired token ends it cleanly.
 */
export function openEventStream(raw: ServerResponse): EventStream {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'close',
  });
  raw.write(': connected\n\n');
  const end = () => {
    if (!raw.writableEnded) raw.end();
  };
  return {
    write(chunk) {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) {
        raw.destroy();
        return;
      }
      raw.write(chunk);
    },
    end,
  };
}
