/**
 * Test support: a bare node:http server that records each raw request and answers what a test
 * chooses, with an @aws-sdk/client-s3 client (default settings, path style) pointed at it.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface SdkHarness {
  client: S3Client;
  captured: CapturedRequest[];
  /** What the server answers next; by default 200 with an ETag and no body. */
  reply: (request: CapturedRequest) => Reply;
  close(): void;
}

export const HARNESS_SECRET = 'test secret/with+odd=chars~';

export async function startSdkHarness(): Promise<SdkHarness> {
  const harness = { captured: [] as CapturedRequest[], reply: (): Reply => ({}) } as unknown as SdkHarness;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(parts) };
      harness.captured.push(request);
      const reply = harness.reply(request);
      const headers = { etag: '"0"', 'content-type': 'application/xml', ...reply.headers };
      res.writeHead(reply.status ?? 200, headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  harness.client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    maxAttempts: 1,
    credentials: { accessKeyId: 'TESTKEY', secretAccessKey: HARNESS_SECRET },
  });
  harness.close = () => {
    harness.client.destroy();
    server.close();
  };
  return harness;
}
