/**
 * Verification of AWS Signature Version 4 for S3, in the Authorization header and in presigned query
 * strings. The result carries what the body decoder needs to verify chunk signatures.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  canonicalRequest,
  headerValue,
  lowerCaseHeaders,
  sha256Hex,
  hmac,
  signingKey,
  stringToSign,
  type Headers,
  type Scope,
} from './canonical.ts';
import { S3Error } from './errors.ts';

export const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 604800;

/** How the body is to be read, from `x-amz-content-sha256` (presigned: always unsigned). */
export type PayloadMode =
  | { kind: 'unsigned' }
  | { kind: 'sha256'; sha256: string }
  | { kind: 'streaming-signed' }
  | { kind: 'streaming-signed-trailer' }
  | { kind: 'streaming-unsigned-trailer' };

const STREAMING_MODES: Record<string, PayloadMode> = {
  'UNSIGNED-PAYLOAD': { kind: 'unsigned' },
  'STREAMING-AWS4-HMAC-SHA256-PAYLOAD': { kind: 'streaming-signed' },
  'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER': { kind: 'streaming-signed-trailer' },
  'STREAMING-UNSIGNED-PAYLOAD-TRAILER': { kind: 'streaming-unsigned-trailer' },
};

export interface SigV4Request {
  method: string;
  /** The path as received, still percent-encoded. */
  rawPath: string;
  /** The query as decoded name/value pairs, in the order received. */
  query: ReadonlyArray<readonly [string, string]>;
  headers: Headers;
}

export interface SigV4Options {
  lookupSecret: (accessKeyId: string) => string | undefined | Promise<string | undefined>;
  now?: Date;
  /** The service's region: a credential scope naming another is refused as S3 refuses it. */
  region: string;
}

export interface SigV4Result {
  accessKeyId: string;
  scope: Scope;
  presigned: boolean;
  payload: PayloadMode;
  /** x-amz-date (or X-Amz-Date) of the request, the timestamp of every chunk's string to sign. */
  amzDate: string;
  /** The request's signature: the "previous signature" of the first chunk. */
  seedSignature: string;
  signingKey: Buffer;
}

interface Credentials {
  accessKeyId: string;
  scope: Scope;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
}

const AMZ_DATE = /^(\d{8})T\d{6}Z$/;

function parseCredential(credential: string, fail: (message: string) => S3Error): { accessKeyId: string; scope: Scope } {
  const parts = credential.split('/');
  if (parts.length < 5 || parts.at(-1) !== 'aws4_request') throw fail(`Invalid credential "${credential}"`);
  const [date, region, service] = parts.slice(-4) as [string, string, string];
  const accessKeyId = parts.slice(0, -4).join('/');
  if (!accessKeyId || !/^\d{8}$/.test(date) || !region) throw fail(`Invalid credential "${credential}"`);
  if (service !== 's3') throw fail(`The service '${service}' is incorrect; expecting 's3'`);
  return { accessKeyId, scope: { date, region, service } };
}

function parseSignedHeaders(value: string, fail: (message: string) => S3Error): string[] {
  const names = value.split(';');
  if (names.some((name) => !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name))) throw fail('Invalid SignedHeaders');
  if (!names.includes('host')) throw fail('SignedHeaders must include host');
  return names;
}

function fromHeader(authorization: string, headers: Headers): Credentials {
  const fail = (message: string) => new S3Error('AuthorizationHeaderMalformed', `The authorization header is malformed; ${message}`);
  if (!authorization.startsWith(`${ALGORITHM} `)) {
    throw new S3Error('InvalidRequest', 'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.');
  }
  const fields = new Map<string, string>();
  for (const part of authorization.slice(ALGORITHM.length).split(',')) {
    const at = part.indexOf('=');
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const credential = fields.get('Credential');
  const signed = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signed || !signature) throw fail('missing Credential, SignedHeaders or Signature');
  const amzDate = headerValue(headers, 'x-amz-date');
  if (!amzDate || !AMZ_DATE.test(amzDate)) {
    throw new S3Error('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  }
  return { ...parseCredential(credential, fail), signedHeaders: parseSignedHeaders(signed, fail), signature, amzDate };
}

function fromQuery(query: Map<string, string>, now: Date): Credentials {
  const fail = (message: string) => new S3Error('AuthorizationQueryParametersError', message);
  const algorithm = query.get('X-Amz-Algorithm');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  const expires = query.get('X-Amz-Expires');
  const signed = query.get('X-Amz-SignedHeaders');
  const signature = query.get('X-Amz-Signature');
  if (algorithm !== ALGORITHM) throw fail('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  if (!credential || !amzDate || !expires || !signed || !signature) {
    throw fail(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (!AMZ_DATE.test(amzDate)) throw fail("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  if (!/^\d+$/.test(expires) || Number(expires) < 1) throw fail('X-Amz-Expires should be a number');
  if (Number(expires) > MAX_PRESIGN_SECONDS) throw fail('X-Amz-Expires must be less than a week (in seconds) that is; 604800 seconds');
  const signedAt = amzDateToMs(amzDate);
  if (signedAt - now.getTime() > MAX_SKEW_MS) throw new S3Error('AccessDenied', 'Request is not valid yet');
  if (now.getTime() > signedAt + Number(expires) * 1000) throw new S3Error('AccessDenied', 'Request has expired');
  return { ...parseCredential(credential, fail), signedHeaders: parseSignedHeaders(signed, fail), signature, amzDate };
}

/**
 * S3's answer to a scope naming another region, before the key is looked up: a 400 that names the
 * region expected (also in a Region element, which clients read to sign again).
 */
function wrongRegion(given: string, expected: string, presigned: boolean): S3Error {
  const wrong = `the region '${given}' is wrong; expecting '${expected}'`;
  return presigned
    ? new S3Error('AuthorizationQueryParametersError', `Error parsing the X-Amz-Credential parameter; ${wrong}`, undefined, {
        Region: expected,
      })
    : new S3Error('AuthorizationHeaderMalformed', `The authorization header is malformed; ${wrong}`, undefined, { Region: expected });
}

function amzDateToMs(amzDate: string): number {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(amzDate)!.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function payloadMode(value: string | undefined, presigned: boolean): PayloadMode {
  if (value === undefined) {
    if (presigned) return { kind: 'unsigned' };
    throw new S3Error('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  const mode = STREAMING_MODES[value];
  if (mode) return mode;
  if (/^[0-9a-f]{64}$/.test(value)) return { kind: 'sha256', sha256: value };
  throw new S3Error('InvalidArgument', 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, a STREAMING-* value or a valid sha256 value.');
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the request carries SigV4 credentials in either place; without them it is anonymous. */
export function hasSigV4(request: SigV4Request): boolean {
  return lowerCaseHeaders(request.headers)['authorization'] !== undefined || request.query.some(([name]) => name === 'X-Amz-Signature');
}

/** Verifies the request's signature; throws an S3Error with S3's code when it does not hold. */
export async function verifySigV4(request: SigV4Request, options: SigV4Options): Promise<SigV4Result> {
  const now = options.now ?? new Date();
  const headers = lowerCaseHeaders(request.headers);
  const authorization = headerValue(headers, 'authorization');
  const query = new Map(request.query);
  const presigned = query.has('X-Amz-Signature') || query.has('X-Amz-Algorithm');
  if (authorization !== undefined && presigned) {
    throw new S3Error(
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified',
    );
  }
  if (authorization === undefined && !presigned) throw new S3Error('AccessDenied');
  const credentials = presigned ? fromQuery(query, now) : fromHeader(authorization!, headers);
  const { accessKeyId, scope, amzDate, signedHeaders } = credentials;

  if (scope.date !== amzDate.slice(0, 8)) {
    throw new S3Error(
      'AuthorizationHeaderMalformed',
      `Invalid credential date "${scope.date}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`,
    );
  }
  if (scope.region !== options.region) throw wrongRegion(scope.region, options.region, presigned);
  if (!presigned && Math.abs(amzDateToMs(amzDate) - now.getTime()) > MAX_SKEW_MS) {
    throw new S3Error('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }
  if (!presigned) {
    const unsigned = Object.keys(headers).filter((name) => name.startsWith('x-amz-') && !signedHeaders.includes(name));
    if (unsigned.length > 0)
      throw new S3Error('AccessDenied', `There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  }
  const missing = signedHeaders.find((name) => headers[name] === undefined);
  if (missing) throw new S3Error('SignatureDoesNotMatch', `The signed header ${missing} is missing from the request`);

  // A presigner hoists x-amz-content-sha256 (UNSIGNED-PAYLOAD) into the query string.
  const hoisted = presigned ? request.query.find(([name]) => name.toLowerCase() === 'x-amz-content-sha256')?.[1] : undefined;
  const payloadHeader = hoisted ?? headerValue(headers, 'x-amz-content-sha256');
  const payload = payloadMode(payloadHeader, presigned);
  const secret = await options.lookupSecret(accessKeyId);
  if (secret === undefined) throw new S3Error('InvalidAccessKeyId');

  const canonical = canonicalRequest({
    method: request.method,
    rawPath: request.rawPath,
    query: presigned ? request.query.filter(([name]) => name !== 'X-Amz-Signature') : request.query,
    headers,
    signedHeaders,
    payloadHash: payloadHeader ?? 'UNSIGNED-PAYLOAD',
  });
  const key = signingKey(secret, scope);
  const expected = hmac(key, stringToSign(ALGORITHM, amzDate, scope, sha256Hex(canonical))).toString('hex');
  if (!sameSignature(expected, credentials.signature)) throw new S3Error('SignatureDoesNotMatch');
  return { accessKeyId, scope, presigned, payload, amzDate, seedSignature: expected, signingKey: key };
}

/** For a literal x-amz-content-sha256: the body's SHA-256 (hex) once read must match it. */
export function checkPayloadSha256(payload: PayloadMode, actualHex: string): void {
  if (payload.kind === 'sha256' && !sameSignature(payload.sha256, actualHex)) {
    throw new S3Error('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
}
