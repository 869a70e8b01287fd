import { createServer } from 'node:http';

/** The yardstick for GET /api/health: plain node:http answering the same body. */
const body = JSON.stringify({ status: 'ok', database: 'up' });
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
