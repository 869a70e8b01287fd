import type { InsideMessageEvent } from '@portal/contracts';
import { refreshTokens } from '../api/refresh.ts';
import { accessToken, refreshToken } from '../auth/tokens.ts';
import { INSIDE_MESSAGE_STREAM_URL } from '../../components/inbox/insideMessages.ts';
import { createSseParser, reconnectDelay } from './sse.ts';

/** The server comments every 25 s; this long without a byte means the connection died silently. */
const SILENCE_LIMIT_MS = 60_000;

type Outcome = 'unauthorized' | 'dropped' | 'failed';

const isInsideMessageEvent = (value: unknown): value is InsideMessageEvent => {
  const event = value as Partial<InsideMessageEvent> | null;
  return typeof event?.unread === 'number' && typeof event.message?.id === 'string' && typeof event.message.title === 'string';
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads one connection until it ends; `onOpen` runs once the server has accepted it. */
async function readOnce(signal: AbortSignal, onOpen: () => void, onEvent: (event: InsideMessageEvent) => void): Promise<Outcome> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  signal.addEventListener('abort', abort, { once: true });
  let watchdog = setTimeout(abort, SILENCE_LIMIT_MS);
  try {
    const token = accessToken();
    const response = await fetch(INSIDE_MESSAGE_STREAM_URL, {
      headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) return 'failed';
    onOpen();
    const parser = createSseParser(({ event, data }) => {
      if (event !== 'inside-message') return;
      try {
        const parsed: unknown = JSON.parse(data);
        if (isInsideMessageEvent(parsed)) onEvent(parsed);
      } catch {
        // A malformed event is skipped; the next poll corrects the count anyway.
      }
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'dropped';
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, SILENCE_LIMIT_MS);
      parser.push(value);
    }
  } catch {
    return 'failed';
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', abort);
    connection.abort();
  }
}

/**
 * Listens to the caller's inside-message stream (fetch + ReadableStream, since EventSource cannot
 * send the Bearer token). A 401 refreshes the tokens through the shared single-flight refresh and
 * reconnects with the new access token; any other failure reconnects with a growing back-off. It
 * stops when signed out (no refresh token, or the refresh failed: the next API call then leads to
 * sign-in). Returns the function that stops it.
 */
export function listenToInsideMessages(onEvent: (event: InsideMessageEvent) => void): () => void {
  const stop = new AbortController();
  const { signal } = stop;
  void (async () => {
    let attempt = 0;
    // The server ends a stream when its token expires: the first 401 after that reconnects at once.
    let refreshedSinceOpen = false;
    while (!signal.aborted && refreshToken()) {
      if (!accessToken() && !(await refreshTokens())) return;
      const onOpen = () => {
        attempt = 0;
        refreshedSinceOpen = false;
      };
      const outcome = await readOnce(signal, onOpen, onEvent);
      if (signal.aborted) return;
      if (outcome === 'unauthorized') {
        if (!(await refreshTokens())) return;
        if (!refreshedSinceOpen) {
          refreshedSinceOpen = true;
          continue;
        }
      }
      await sleep(reconnectDelay(attempt++), signal);
    }
  })();
  return () => stop.abort();
}
