import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpPeer } from '../../apps/server/test/smtp-peer.ts';

export interface Mailbox {
  /** SMTP_URL for the portal under test. */
  smtpUrl: string;
  /** GET `${url}/mails?to=<address>`: the mails received for that address, oldest first (JSON). */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server for the portal under test to send to, and a small HTTP endpoint through which
 * the tests (in other processes than the global setup) read what it received.
 */
export async function startMailbox(): Promise<Mailbox> {
  const peer = await startSmtpPeer();
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to');
    if (request.method !== 'GET' || url.pathname !== '/mails' || !to) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(peer.to(to)));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: peer.url,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await peer.close();
    },
  };
}
