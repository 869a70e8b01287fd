import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OssService } from '../context.ts';
import { handleS3Request, type S3Settings } from './pipeline.ts';

export interface S3ListenerOptions extends S3Settings {
  port: number;
  host: string;
}

/**
 * The S3-compatible API's own HTTP server (a plain node:http server: S3 clients need the raw bodies
 * and headers, which the portal's Fastify would parse). It serves from `start` until `close`.
 */
export function createS3Listener(service: OssService, options: S3ListenerOptions) {
  let server: Server | undefined;
  return {
    async start(): Promise<void> {
      const started = createServer((req, res) => void handleS3Request(service, options, req, res));
      // Uploads stream for as long as they take; idle keep-alive connections still close.
      started.requestTimeout = 0;
      await new Promise<void>((resolve, reject) => {
        started.once('error', (error) => reject(new Error(`The S3 API cannot listen on port ${options.port} (S3_PORT): ${error.message}`)));
        started.listen(options.port, options.host, () => resolve());
      });
      server = started;
    },
    /** The port it listens on (the one chosen when the setting was 0); undefined before start. */
    port(): number | undefined {
      return (server?.address() as AddressInfo | null)?.port;
    },
    async close(): Promise<void> {
      const closing = server;
      server = undefined;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },
  };
}
