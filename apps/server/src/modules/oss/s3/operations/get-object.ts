import { authorizedObject } from '../authorize.ts';
import { conditionalHeaders, contentRange, evaluateRead } from '../conditional.ts';
import { S3Error } from '../errors.ts';
import type { S3Exchange } from '../exchange.ts';
import { objectHeaders } from '../object-headers.ts';
import { sendEmpty, sendStream } from '../respond.ts';

/** response-* parameters of a signed GET, and the header each one sets. */
const OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function responseOverrides(exchange: S3Exchange): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [parameter, header] of Object.entries(OVERRIDES)) {
    const value = exchange.query.get(parameter);
    if (value === undefined) continue;
    if (exchange.caller.kind === 'anonymous') {
      throw new S3Error('InvalidRequest', 'Request specific response headers cannot be used for anonymous GET requests.');
    }
    if (!HEADER_VALUE.test(value)) throw new S3Error('InvalidArgument', `${parameter} is not a valid header value`);
    headers[header] = value;
  }
  return headers;
}

/**
 * GetObject and HeadObject: conditions first, then the range (HEAD honours it too, as S3 does), the
 * bytes streamed from storage. An object of this service has one version, `null`.
 */
async function readObject(exchange: S3Exchange, withBody: boolean) {
  const versionId = exchange.query.get('versionId');
  if (versionId !== undefined && versionId !== 'null') throw new S3Error('NoSuchVersion', 'The specified version does not exist.');
  const overrides = responseOverrides(exchange);
  const { object: row } = await authorizedObject(exchange, { level: 'read' });
  if (!row) throw new S3Error('NoSuchKey');
  const method = withBody ? 'GET' : 'HEAD';
  const decision = evaluateRead(method, conditionalHeaders(exchange.headers), {
    etag: `"${row.etag}"`,
    lastModified: row.updatedAt,
    size: row.size,
  });
  const stored = objectHeaders(row);
  if (decision.status === 304) return sendEmpty(exchange.res, 304, { etag: stored.etag!, 'last-modified': stored['last-modified']! });
  if (decision.status === 412) throw new S3Error('PreconditionFailed');
  const { range } = decision;
  if (range.kind === 'unsatisfiable') {
    throw new S3Error('InvalidRange', undefined, { 'content-range': contentRange(range, row.size) ?? `bytes */${row.size}` });
  }
  const partial = range.kind === 'partial' ? range : undefined;
  const headers = {
    ...stored,
    ...overrides,
    // Presigned and public URLs open in browsers: never sniffed, never run as a page of this origin.
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'content-length': partial ? partial.end - partial.start + 1 : row.size,
    ...(partial ? { 'content-range': contentRange(partial, row.size)! } : {}),
  };
  if (!withBody) return void exchange.res.writeHead(decision.status, headers).end();
  const { stream } = await exchange.service.storage.read(row.storageKey, partial && { start: partial.start, end: partial.end });
  exchange.res.writeHead(decision.status, headers);
  if (exchange.counted) exchange.counted.bytesOut = headers['content-length'];
  await sendStream(stream, exchange.res);
}

export const getS3Object = (exchange: S3Exchange) => readObject(exchange, true);
export const headS3Object = (exchange: S3Exchange) => readObject(exchange, false);
