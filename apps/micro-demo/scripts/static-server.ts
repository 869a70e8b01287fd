import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * Headers that let a portal on another origin import the module and read menu.json. No credentials
 * are involved (the module gets the token from the shell), so any origin may read.
 */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** The file a request path names inside `root`, or null when it would lie outside it. */
export function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const file = resolve(join(root, decoded));
  return file === root || file.startsWith(root + sep) ? file : null;
}

export interface StaticServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves a built micro app (its module and menu.json) with CORS, for local use and the browser tests. */
export async function startStaticServer(options: { dir: string; port?: number; host?: string }): Promise<StaticServer> {
  const root = resolve(options.dir);
  const server = createServer(async (request, response) => {
    for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    const file = fileFor(root, request.url ?? '/');
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      // A rebuilt module must be picked up at once during development.
      'Cache-Control': 'no-cache',
    });
    if (request.method === 'HEAD') return void response.end();
    createReadStream(file).pipe(response);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Browsers keep connections open; a stopped server must not wait for them.
        server.closeAllConnections();
      }),
  };
}
