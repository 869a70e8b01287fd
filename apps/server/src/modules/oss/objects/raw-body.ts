import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Declared } from './declared.ts';

/** Leaves every body of this scope unread, whatever its type, so the handler streams it to disk. */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

export const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** What the request declares about its body: Content-Length, Content-MD5, x-amz-checksum-sha256 (each verified as it streams). */
export function declaredOf(request: FastifyRequest): Declared {
  const length = headerOf(request, 'content-length');
  return {
    length: length === undefined ? undefined : Number(length),
    md5: headerOf(request, 'content-md5'),
    sha256: headerOf(request, 'x-amz-checksum-sha256'),
  };
}
