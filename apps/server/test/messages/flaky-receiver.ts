import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FlakyReceiver {
  url: string;
  /** The Idempotency-Key of every request, in order of arrival. */
  keys: string[];
  /** Whether it answers 200 (up) or 503 (down). */
  setUp(up: boolean): void;
  close(): Promise<void>;
}

/** A real HTTP receiver (a webhook's or an SMS gateway's) that can be taken down and brought back: an outside system failing. */
export async function startFlakyReceiver(up = false): Promise<FlakyReceiver> {
  const keys: string[] = [];
  let answering = up;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      keys.push(String(request.headers['idempotency-key'] ?? ''));
      if (answering) response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else response.writeHead(503, { 'content-type': 'text/plain' }).end('receiver down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    keys,
    setUp: (value) => void (answering = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
