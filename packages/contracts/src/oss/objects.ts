import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { BucketParams } from './buckets.ts';
import { OSS_PREFIX } from './prefix.ts';
import { PROCESS_QUERY_PARAM } from './processors.ts';

/** An object key as S3 has it: at most 1024 bytes of UTF-8 (checked by the server), a folder ends in '/'. */
export const OBJECT_KEY_MAX_BYTES = 1024;
export const ObjectKey = Type.String({ minLength: 1, maxLength: OBJECT_KEY_MAX_BYTES });
/** The largest object one upload may store (S3's limit of a single PUT); larger ones go in parts. */
export const SINGLE_UPLOAD_MAX_BYTES = 5 * 1024 ** 3;
/** The most keys and prefixes one listing page holds. */
export const LIST_MAX_KEYS = 1000;

export const StoredObject = Type.Object({
  key: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  /** MD5 of the bytes, hex (S3's ETag of a single-part object). */
  etag: Type.String(),
  sha256: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type StoredObject = Static<typeof StoredObject>;

export const ListObjectsQuery = Type.Object({
  prefix: Type.Optional(Type.String({ maxLength: OBJECT_KEY_MAX_BYTES })),
  /** Groups keys by what follows the prefix up to the delimiter (S3's common prefixes), usually '/'. */
  delimiter: Type.Optional(Type.String({ minLength: 1, maxLength: 8 })),
  /** Lists the keys after this one (byte order): the `next` of the page before. */
  startAfter: Type.Optional(Type.String({ maxLength: OBJECT_KEY_MAX_BYTES })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_MAX_KEYS, default: 100 })),
});
export type ListObjectsQuery = Static<typeof ListObjectsQuery>;

export const ObjectListing = Type.Object({
  objects: Type.Array(StoredObject),
  prefixes: Type.Array(Type.String()),
  /** Pass as `startAfter` for the next page; null on the last page. */
  next: Nullable(Type.String()),
});
export type ObjectListing = Static<typeof ObjectListing>;

export const KeyQuery = Type.Object({ key: ObjectKey });
/** A download: the key, and optionally the processor of the bucket it goes through (`x-process`). */
export const DownloadQuery = Type.Object({
  key: ObjectKey,
  [PROCESS_QUERY_PARAM]: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })),
});
export const RenameBody = Type.Object({ from: ObjectKey, to: ObjectKey });
/** How many objects a rename moved (a folder moves everything under it). */
export const Moved = Type.Object({ moved: Type.Integer() });

/** The upload folder of a multipart upload: each file part lands at `prefix` + its file name. */
export const UploadQuery = Type.Object({ prefix: Type.Optional(Type.String({ maxLength: OBJECT_KEY_MAX_BYTES })) });

const tags = ['oss objects'];
const path = `${OSS_PREFIX}/v1/buckets/{bucketId}`;
const inBucket = { access: 'signedIn', tags, params: BucketParams } as const;
const file = { mediaType: 'application/octet-stream', description: 'The object bytes', schema: Type.String({ format: 'binary' }) };
const uploadErrors = errorResponses(400, 403, 404, 409, 413, 415);

/**
 * Objects of a bucket, by key (a query parameter, so keys keep their slashes). Reading needs the read
 * level, every change the write level. Bytes stream in and out; never a whole file in memory.
 */
export const objectEndpoints = {
  list: endpoint({
    ...inBucket,
    method: 'GET',
    path: `${path}/fs`,
    summary: 'Lists keys in byte order under a prefix, folded into common prefixes by a delimiter, a page at a time',
    query: ListObjectsQuery,
    responses: { 200: ObjectListing, ...errorResponses(400, 403, 404) },
  }),
  upload: endpoint({
    ...inBucket,
    method: 'POST',
    path: `${path}/upload`,
    summary: 'Uploads the one file part of a multipart/form-data body at `prefix` + its file name (write level)',
    query: UploadQuery,
    consumes: ['multipart/form-data'],
    responses: { 200: StoredObject, ...uploadErrors },
  }),
  put: endpoint({
    ...inBucket,
    method: 'PUT',
    path: `${path}/files`,
    summary:
      'Stores the raw body at the key (write level); Content-Length, Content-MD5 and x-amz-checksum-sha256 when sent are ' +
      'verified, and a mismatch stores nothing',
    query: KeyQuery,
    consumes: ['application/octet-stream'],
    responses: { 200: StoredObject, ...uploadErrors },
  }),
  get: endpoint({
    ...inBucket,
    method: 'GET',
    path: `${path}/files`,
    summary:
      'Downloads an object (read level); a Range answers 206, a range outside it 416; `x-process=<name>` answers it through ' +
      "the bucket's processor (404 when there is none by that name, 415 when the object is no image)",
    query: DownloadQuery,
    responses: errorResponses(400, 403, 404, 413, 415, 416),
    produces: file,
  }),
  remove: endpoint({
    ...inBucket,
    method: 'DELETE',
    path: `${path}/files`,
    summary: 'Deletes an object, or an empty folder (write level)',
    query: KeyQuery,
    responses: { 200: Ok, ...errorResponses(400, 403, 404, 409) },
  }),
  createFolder: endpoint({
    ...inBucket,
    method: 'POST',
    path: `${path}/dir`,
    summary: "Creates a folder: an empty object whose key ends in '/' (write level)",
    body: Type.Object({ key: ObjectKey }),
    responses: { 200: StoredObject, ...errorResponses(400, 403, 404, 409) },
  }),
  rename: endpoint({
    ...inBucket,
    method: 'PATCH',
    path: `${path}/files`,
    summary: 'Renames or moves an object, or a folder with everything under it, keeping the bytes (write level); a taken key answers 409',
    body: RenameBody,
    responses: { 200: Moved, ...errorResponses(400, 403, 404, 409) },
  }),
  publicGet: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${OSS_PREFIX}/v1/public/{bucketId}/files`,
    summary:
      'Downloads an object of a public-read bucket without signing in, through a processor with `x-process`; a private ' +
      'bucket answers 404 as a missing one',
    params: BucketParams,
    query: DownloadQuery,
    responses: errorResponses(400, 404, 413, 415, 416),
    produces: file,
  }),
};
