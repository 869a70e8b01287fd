import { createServer, type Server } from 'node:http';

/** A third-party site for the browser tests: answers every request with a page showing its query as JSON (in #query). */
export interface EchoPeer {
  url: string;
  close(): Promise<void>;
}

export function startEchoPeer(): Promise<EchoPeer> {
  const server: Server = createServer((request, response) => {
    const query = Object.fromEntries(new URL(request.url ?? '/', 'http://peer').searchParams);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Echo</title><h1>Echo</h1><pre id="query">${JSON.stringify(query).replace(/</g, '&lt;')}</pre>`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}
