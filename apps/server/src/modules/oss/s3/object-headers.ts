/** The headers of an object's write and read: user metadata, and the features this service does not have. */
import { S3Error } from './errors.ts';
import type { S3Exchange } from './exchange.ts';
import type { ObjectRow } from '../objects/rows.ts';

const META = 'x-amz-meta-';
/** S3's limit on user metadata: names and values together. */
const MAX_METADATA_BYTES = 2048;

/** x-amz-meta-* of the request, by name without the prefix (lower case, as HTTP gives them). */
export function userMetadata(exchange: S3Exchange): Record<string, string> {
  const metadata: Record<string, string> = {};
  let bytes = 0;
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (!name.startsWith(META) || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : value;
    const field = name.slice(META.length);
    metadata[field] = text;
    bytes += Buffer.byteLength(field) + Buffer.byteLength(text);
  }
  if (bytes > MAX_METADATA_BYTES) {
    throw new S3Error('MetadataTooLarge', `Your metadata headers exceed the maximum allowed metadata size of ${MAX_METADATA_BYTES} bytes`);
  }
  return metadata;
}

/** The stored object's headers: ETag, Last-Modified, Content-Type, its size and its user metadata. */
export function objectHeaders(row: ObjectRow): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    etag: `"${row.etag}"`,
    'last-modified': row.updatedAt.toUTCString(),
    'content-type': row.contentType,
    'accept-ranges': 'bytes',
  };
  for (const [name, value] of Object.entries(row.metadata)) headers[`${META}${name}`] = value;
  return headers;
}

/** Object ACLs that change nothing here (objects have their bucket's access). */
const HARMLESS_ACLS = new Set(['private', 'bucket-owner-full-control']);

/**
 * Headers asking for what this service does not do (encryption with the client's keys or KMS, object
 * lock, tags, website redirects, grants, ACLs opening an object, conditional writes): NotImplemented,
 * never a write that silently ignores them.
 */
export function refuseUnimplementedHeaders(exchange: S3Exchange): void {
  for (const name of Object.keys(exchange.headers)) {
    const unsupported =
      name === 'if-match' ||
      name === 'if-none-match' ||
      name.startsWith('x-amz-server-side-encryption') ||
      name.startsWith('x-amz-object-lock-') ||
      name.startsWith('x-amz-grant-') ||
      name === 'x-amz-tagging' ||
      name === 'x-amz-website-redirect-location' ||
      (name === 'x-amz-acl' && !HARMLESS_ACLS.has(String(exchange.headers[name])));
    if (unsupported) throw new S3Error('NotImplemented', `The ${name} header is not implemented by this service`);
  }
}
