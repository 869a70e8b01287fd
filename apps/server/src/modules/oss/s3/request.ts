/**
 * What an S3 request addresses and asks: bucket and key from path-style (`/bucket/key`) or
 * virtual-host-style (`bucket.<base host>`) addressing, the operation from method, subresources and
 * headers. A subresource this service does not implement answers NotImplemented, never another
 * operation's success.
 */
import { percentDecode } from './canonical.ts';
import { S3Error } from './errors.ts';

export type S3Operation =
  | 'ListBuckets'
  | 'CreateBucket'
  | 'DeleteBucket'
  | 'HeadBucket'
  | 'GetBucketLocation'
  | 'GetBucketVersioning'
  | 'ListObjects'
  | 'ListObjectsV2'
  | 'ListObjectVersions'
  | 'ListMultipartUploads'
  | 'DeleteObjects'
  | 'PutObject'
  | 'CopyObject'
  | 'GetObject'
  | 'HeadObject'
  | 'DeleteObject'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'UploadPartCopy'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'ListParts';

export interface S3RequestLine {
  method: string;
  /** The Host header (a port is ignored). */
  host: string | undefined;
  /** The path as received, still percent-encoded. */
  rawPath: string;
  query: ReadonlyArray<readonly [string, string]>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface S3Target {
  bucket?: string;
  key?: string;
  operation: S3Operation;
}

/** Subresources that select an operation; each is valid only where an operation consumes it. */
const SUBRESOURCES = new Set(['location', 'versioning', 'versions', 'uploads', 'uploadId', 'partNumber', 'delete']);

/** Parameters of the implemented operations, which select nothing. */
const PARAMETERS = new Set([
  'prefix',
  'delimiter',
  'marker',
  'max-keys',
  'list-type',
  'continuation-token',
  'start-after',
  'encoding-type',
  'fetch-owner',
  'key-marker',
  'version-id-marker',
  'upload-id-marker',
  'max-uploads',
  'max-parts',
  'part-number-marker',
  'versionId',
  'x-id',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
]);

const MAX_KEY_BYTES = 1024;

function decodeName(raw: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(percentDecode(raw));
  } catch {
    throw new S3Error('InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** The bucket a virtual-host-style Host names, when it is `<bucket>.<one of baseHosts>`. */
export function bucketFromHost(host: string | undefined, baseHosts: readonly string[]): string | undefined {
  if (!host) return undefined;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  for (const base of baseHosts) {
    const suffix = `.${base.toLowerCase()}`;
    if (name.endsWith(suffix) && name.length > suffix.length) return name.slice(0, -suffix.length);
  }
  return undefined;
}

/** Bucket and key of the request; `+` in a path is a plus, as S3 reads it. */
export function addressOf(line: S3RequestLine, baseHosts: readonly string[]): { bucket?: string; key?: string } {
  if (!line.rawPath.startsWith('/')) throw new S3Error('InvalidURI', "Couldn't parse the specified URI.");
  const path = line.rawPath.slice(1);
  const hostBucket = bucketFromHost(line.host, baseHosts);
  const [bucket, rawKey] = hostBucket !== undefined ? [hostBucket, path] : splitPath(path);
  const key = rawKey ? decodeName(rawKey) : undefined;
  if (key !== undefined && Buffer.byteLength(key) > MAX_KEY_BYTES) throw new S3Error('KeyTooLongError', 'Your key is too long');
  return { ...(bucket ? { bucket } : {}), ...(key !== undefined ? { key } : {}) };
}

function splitPath(path: string): [string | undefined, string | undefined] {
  const slash = path.indexOf('/');
  const bucket = decodeName(slash < 0 ? path : path.slice(0, slash));
  return [bucket || undefined, slash < 0 ? undefined : path.slice(slash + 1)];
}

function notImplemented(what: string): S3Error {
  return new S3Error('NotImplemented', `${what} is not implemented by this service`);
}

function bucketOperation(method: string, has: (name: string) => boolean, query: Map<string, string>): [S3Operation, string[]] {
  switch (method) {
    case 'GET':
      if (has('location')) return ['GetBucketLocation', ['location']];
      if (has('versioning')) return ['GetBucketVersioning', ['versioning']];
      if (has('versions')) return ['ListObjectVersions', ['versions']];
      if (has('uploads')) return ['ListMultipartUploads', ['uploads']];
      if (query.get('list-type') === '2') return ['ListObjectsV2', []];
      if (has('list-type')) throw new S3Error('InvalidArgument', 'Invalid List Type specified in Request');
      return ['ListObjects', []];
    case 'HEAD':
      return ['HeadBucket', []];
    case 'PUT':
      return ['CreateBucket', []];
    case 'DELETE':
      return ['DeleteBucket', []];
    case 'POST':
      if (has('delete')) return ['DeleteObjects', ['delete']];
      throw notImplemented('POST to a bucket (browser form upload)');
  }
  throw new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

function objectOperation(method: string, has: (name: string) => boolean, copy: boolean): [S3Operation, string[]] {
  const partOf = ['partNumber', 'uploadId'];
  switch (method) {
    case 'GET':
      return has('uploadId') ? ['ListParts', ['uploadId']] : ['GetObject', []];
    case 'HEAD':
      return ['HeadObject', []];
    case 'PUT':
      if (has('partNumber') && has('uploadId')) return [copy ? 'UploadPartCopy' : 'UploadPart', partOf];
      return [copy ? 'CopyObject' : 'PutObject', []];
    case 'DELETE':
      return has('uploadId') ? ['AbortMultipartUpload', ['uploadId']] : ['DeleteObject', []];
    case 'POST':
      if (has('uploads')) return ['CreateMultipartUpload', ['uploads']];
      if (has('uploadId')) return ['CompleteMultipartUpload', ['uploadId']];
      throw notImplemented('This POST');
  }
  throw new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.');
}

/** Bucket, key and operation of a request; throws NotImplemented for anything this service lacks. */
export function resolveS3Request(line: S3RequestLine, baseHosts: readonly string[]): S3Target {
  const query = new Map(line.query);
  for (const name of query.keys()) {
    if (!SUBRESOURCES.has(name) && !PARAMETERS.has(name) && !/^x-amz-/i.test(name)) throw notImplemented(`The "${name}" subresource`);
  }
  const { bucket, key } = addressOf(line, baseHosts);
  const method = line.method.toUpperCase();
  const has = (name: string) => query.has(name);
  let target: [S3Operation, string[]];
  if (bucket === undefined) {
    if (method !== 'GET') throw new S3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.');
    target = ['ListBuckets', []];
  } else if (key === undefined) target = bucketOperation(method, has, query);
  else target = objectOperation(method, has, line.headers['x-amz-copy-source'] !== undefined);
  const [operation, consumed] = target;
  const stray = [...query.keys()].find((name) => SUBRESOURCES.has(name) && !consumed.includes(name));
  if (stray) throw notImplemented(`The "${stray}" subresource with ${operation}`);
  return { ...(bucket !== undefined ? { bucket } : {}), ...(key !== undefined ? { key } : {}), operation };
}

/** x-amz-copy-source: `[/]bucket/key[?versionId=…]`, URL-encoded. */
export function parseCopySource(header: string): { bucket: string; key: string; versionId?: string } {
  const [path = '', search] = header.split('?', 2);
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  const slash = trimmed.indexOf('/');
  const invalid = () => new S3Error('InvalidArgument', 'Invalid copy source');
  if (slash <= 0 || slash === trimmed.length - 1) throw invalid();
  const versionId = search === undefined ? undefined : new URLSearchParams(search).get('versionId');
  if (search !== undefined && !versionId) throw invalid();
  const source = { bucket: decodeName(trimmed.slice(0, slash)), key: decodeName(trimmed.slice(slash + 1)) };
  return versionId ? { ...source, versionId } : source;
}
