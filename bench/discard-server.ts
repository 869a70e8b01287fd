import { createServer } from 'node:http';

/**
 * The client's own ceiling for an S3 PUT: a server that reads every body to its end, discards it and
 * answers 200 with an ETag, as S3 does. What the SDK reaches against it bounds every service's figure.
 * GET /last answers when the last PUT's headers arrived (after the client had computed the checksums
 * they carry), as epoch milliseconds.
 */
const now = () => performance.timeOrigin + performance.now();
let last: { headersAt: number } | undefined;

createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/last') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(last ?? null));
    return;
  }
  const headersAt = now();
  request.resume();
  request.on('end', () => {
    last = { headersAt };
    response.writeHead(200, { etag: '"0"', 'content-length': 0 }).end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
