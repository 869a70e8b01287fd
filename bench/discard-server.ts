import { createServer } from 'node:http';

/**
 * The client's own ceiling for an S3 PUT: a server that reads every body to its end, discards it and
 * answers 200 with an ETag, as S3 does. What the SDK reaches against it bounds every service's figure.
 */
createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { etag: '"0"', 'content-length': 0 }).end());
}).listen(Number(process.env.PORT), '127.0.0.1');
