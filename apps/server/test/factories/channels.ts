import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Inputs of the three kinds of channel, pointing at loopback peers; `extra` overrides the top-level fields. */
export const emailChannel = (id: string, port: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Mail ${id}`,
  type: 'email',
  settings: { host: '127.0.0.1', port, security: 'none', from: { address: 'portal@example.test', name: 'Portal' }, maxConnections: 2 },
  ...extra,
});

export const smsChannel = (id: string, url: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `SMS ${id}`,
  type: 'sms',
  settings: {
    url,
    method: 'POST',
    headers: [{ name: 'X-Account', value: 'portal' }],
    contentType: 'application/json',
    bodyTemplate: '{"to":"{{ phone }}","text":"{{ content }}","ref":"{{ messageId }}"}',
  },
  secrets: { headers: [{ name: 'X-Api-Key', value: 'sms-api-key-1' }] },
  ...extra,
});

export const webhookChannel = (id: string, url: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Hook ${id}`,
  type: 'webhook',
  settings: { url },
  ...extra,
});

export interface HttpRequestSeen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on loopback standing for an SMS gateway or a webhook receiver: it keeps every
 * request and answers with what `answer` says (200 unless told otherwise). `host` is another
 * loopback address to stand for another host (127.0.0.2: an internal host OUTBOUND_ALLOW names).
 */
export async function startHttpPeer(
  answer: (request: HttpRequestSeen) => { status: number; body?: string } = () => ({ status: 200 }),
  host = '127.0.0.1',
) {
  const requests: HttpRequestSeen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      const { status, body } = answer(seen);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type HttpPeer = Awaited<ReturnType<typeof startHttpPeer>>;
