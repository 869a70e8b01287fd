import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

/** The yardstick for an S3 GET: plain node:http streaming the same file (FILE) to any GET. */
const file = String(process.env.FILE);
const size = statSync(file).size;
createServer((request, response) => {
  if (request.url === '/api/health') {
    response.writeHead(200).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
  createReadStream(file).pipe(response);
}).listen(Number(process.env.PORT), '127.0.0.1');
