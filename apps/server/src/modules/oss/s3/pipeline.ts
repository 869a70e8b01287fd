/**
 * One S3 request, start to end: resolve what it addresses, authenticate, run the operation (which
 * authorizes itself, reads the body as a stream and writes the answer), and answer any failure as S3
 * does. Every answer carries x-amz-request-id.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OssService } from '../context.ts';
import { authenticate } from './authenticate.ts';
import type { TrustProxy } from '../../../platform/config.ts';
import { clientAddress } from './client-address.ts';
import { headerOf, type S3Exchange } from './exchange.ts';
import { OPERATIONS } from './operations/index.ts';
import { resolveS3Request, type S3RequestLine, type S3Target } from './request.ts';
import { sendError } from './respond.ts';

export interface S3Settings {
  /** Hosts under which `<bucket>.<host>` names a bucket. */
  baseHosts: readonly string[];
  /** TRUST_PROXY: whose X-Forwarded-For gives the client's address (for the keys' source ranges). */
  trustProxy: TrustProxy;
  logUnexpected(error: unknown, requestId: string): void;
}

function requestLine(req: IncomingMessage): S3RequestLine {
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? [] : [...new URLSearchParams(url.slice(at + 1)).entries()];
  return { method: req.method ?? 'GET', host: req.headers.host, rawPath, query, headers: req.headers };
}

export async function handleS3Request(service: OssService, settings: S3Settings, req: IncomingMessage, res: ServerResponse) {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  res.setHeader('x-amz-request-id', requestId);
  res.setHeader('server', 'WorkbenchPortalOSS');
  const line = requestLine(req);
  let target: S3Target | undefined;
  try {
    target = resolveS3Request(line, settings.baseHosts);
    const caller = await authenticate(service, line);
    const exchange: S3Exchange = {
      service,
      req,
      res,
      target,
      query: new Map(line.query),
      headers: req.headers,
      caller,
      sourceIp: clientAddress(req.socket.remoteAddress ?? '', headerOf({ headers: req.headers }, 'x-forwarded-for'), settings.trustProxy),
      requestId,
    };
    await OPERATIONS[target.operation](exchange);
    // Successes only, as the REST routes count them (stats/record-rest.ts).
    if (exchange.counted) service.requests.record({ ...exchange.counted, method: line.method.toUpperCase() });
  } catch (error) {
    sendError(error, {
      res,
      method: line.method,
      requestId,
      resource: line.rawPath,
      target,
      logUnexpected: (cause) => settings.logUnexpected(cause, requestId),
    });
  }
}
