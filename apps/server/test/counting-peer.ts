import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on a loopback address (127.0.0.2 stands for another host, ::1 for IPv6) that
 * counts the requests reaching it and answers with `answer`: what the outbound guard's tests look
 * at to show that a refused address was reached by nothing.
 */
export async function startCountingPeer(host: string, answer: (request: IncomingMessage, response: ServerResponse) => void) {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    hits += 1;
    answer(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CountingPeer = Awaited<ReturnType<typeof startCountingPeer>>;
