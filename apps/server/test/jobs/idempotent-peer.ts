import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IdempotentPeer {
  url: string;
  /** Requests received, repeated keys included. */
  calls(): number;
  /** Keys whose effect has been applied (each once). */
  applied(): ReadonlySet<string>;
  /** Requests that repeated a key already applied: recognised, answered as before, not applied again. */
  duplicates(): number;
  /** Resolves once `count` distinct keys have been applied. */
  whenApplied(count: number): Promise<void>;
  close(): Promise<void>;
}

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A real HTTP server standing for an outside system that honours `Idempotency-Key`: the first
 * request with a key applies its effect and gets a receipt; a repeat gets the same receipt and
 * changes nothing. A request without a key is refused.
 */
export async function startIdempotentPeer(): Promise<IdempotentPeer> {
  const receipts = new Map<string, string>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let calls = 0;
  const server = createServer(async (request, response) => {
    calls += 1;
    const key = request.headers['idempotency-key'];
    const body = await bodyOf(request);
    if (typeof key !== 'string' || !key) return response.writeHead(400).end('Idempotency-Key required');
    let receipt = receipts.get(key);
    if (receipt === undefined) {
      receipt = JSON.stringify({ receipt: receipts.size + 1, body });
      receipts.set(key, receipt);
      for (const waiter of waiters.filter((w) => receipts.size >= w.count)) waiter.resolve();
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(receipt);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/effects`,
    calls: () => calls,
    applied: () => new Set(receipts.keys()),
    duplicates: () => calls - receipts.size,
    whenApplied: (count) => (receipts.size >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
