import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { BucketParams } from './buckets.ts';
import { OBJECT_KEY_MAX_BYTES, ObjectKey, StoredObject } from './objects.ts';
import { OSS_PREFIX } from './prefix.ts';

/** S3's limits of a multipart upload: parts numbered 1–10000, each up to 5 GiB, all but the last at least 5 MiB. */
export const PART_NUMBER_MAX = 10_000;
export const PART_MIN_BYTES = 5 * 1024 ** 2;
export const PART_MAX_BYTES = 5 * 1024 ** 3;
/** The largest object a multipart upload may assemble: S3's largest object, 5 TiB (a bucket's maxUploadBytes may lower it). */
export const MULTIPART_UPLOAD_MAX_BYTES = 5 * 1024 ** 4;
/** The most parts and uploads one listing page holds (S3's default and maximum). */
export const MULTIPART_LIST_MAX = 1000;

export const UploadParams = Type.Object({ ...BucketParams.properties, uploadId: Type.String({ format: 'uuid' }) });
export const PartParams = Type.Object({
  ...UploadParams.properties,
  partNumber: Type.Integer({ minimum: 1, maximum: PART_NUMBER_MAX }),
});

export const UploadCreate = Type.Object({
  key: ObjectKey,
  /** The object's type when its content does not tell (as a PUT's Content-Type). */
  contentType: Type.Optional(Type.String({ maxLength: 255 })),
});
export type UploadCreate = Static<typeof UploadCreate>;
export const UploadStarted = Type.Object({ uploadId: Type.String(), key: Type.String() });

/** A multipart upload in progress. */
export const MultipartUpload = Type.Object({
  uploadId: Type.String(),
  key: Type.String(),
  /** Who started it; null once that user is deleted. */
  initiatorId: Nullable(Type.String()),
  createdAt: Timestamp,
});
export type MultipartUpload = Static<typeof MultipartUpload>;

/** A stored part; `etag` is the hex MD5 of its bytes. */
export const UploadedPart = Type.Object({ partNumber: Type.Integer(), etag: Type.String(), size: Type.Integer() });
export const ListedPart = Type.Object({ ...UploadedPart.properties, lastModified: Timestamp });

export const PartsQuery = Type.Object({
  /** Lists the parts numbered after this one: the `nextPartNumberMarker` of the page before. */
  partNumberMarker: Type.Optional(Type.Integer({ minimum: 0, maximum: PART_NUMBER_MAX })),
  maxParts: Type.Optional(Type.Integer({ minimum: 1, maximum: MULTIPART_LIST_MAX })),
});
export const PartListing = Type.Object({
  upload: MultipartUpload,
  parts: Type.Array(ListedPart),
  nextPartNumberMarker: Type.Optional(Type.Integer()),
  isTruncated: Type.Boolean(),
});

export const UploadsQuery = Type.Object({
  prefix: Type.Optional(Type.String({ maxLength: OBJECT_KEY_MAX_BYTES })),
  /** With `uploadIdMarker`, where the page before ended (its `nextKeyMarker` and `nextUploadIdMarker`). */
  keyMarker: Type.Optional(Type.String({ maxLength: OBJECT_KEY_MAX_BYTES })),
  uploadIdMarker: Type.Optional(Type.String({ format: 'uuid' })),
  maxUploads: Type.Optional(Type.Integer({ minimum: 1, maximum: MULTIPART_LIST_MAX })),
});
export const UploadListing = Type.Object({
  uploads: Type.Array(MultipartUpload),
  isTruncated: Type.Boolean(),
  nextKeyMarker: Type.Optional(Type.String()),
  nextUploadIdMarker: Type.Optional(Type.String()),
});

/** The parts making the object, in ascending part number order, each with the etag its upload answered (quoted or not). */
export const UploadComplete = Type.Object({
  parts: Type.Array(
    Type.Object({ partNumber: Type.Integer({ minimum: 1, maximum: PART_NUMBER_MAX }), etag: Type.String({ maxLength: 40 }) }),
    { minItems: 1, maxItems: PART_NUMBER_MAX },
  ),
});
export type UploadComplete = Static<typeof UploadComplete>;

const tags = ['oss multipart uploads'];
const path = `${OSS_PREFIX}/v1/buckets/{bucketId}/uploads`;
const inBucket = { access: 'signedIn', tags, params: BucketParams } as const;
const inUpload = { access: 'signedIn', tags, params: UploadParams } as const;

/**
 * Resumable uploads of large objects in parts (S3's multipart upload). Every call needs the write
 * level on the bucket; an upload someone else started is touched only by a bucket admin. Parts are
 * stored apart and become the object, streamed, when the upload completes.
 */
export const multipartEndpoints = {
  create: endpoint({
    ...inBucket,
    method: 'POST',
    path,
    summary: 'Starts a multipart upload to the key (write level)',
    body: UploadCreate,
    responses: { 200: UploadStarted, ...errorResponses(400, 403, 404, 409) },
  }),
  list: endpoint({
    ...inBucket,
    method: 'GET',
    path,
    summary: "Uploads in progress by key then upload id, a page at a time: the caller's own, or every one for a bucket admin",
    query: UploadsQuery,
    responses: { 200: UploadListing, ...errorResponses(400, 403, 404) },
  }),
  putPart: endpoint({
    ...inUpload,
    method: 'PUT',
    path: `${path}/{uploadId}/parts/{partNumber}`,
    summary:
      'Stores the raw body as a part, replacing one of the same number; Content-Length, Content-MD5 and ' +
      'x-amz-checksum-sha256 when sent are verified, and a mismatch stores nothing',
    consumes: ['application/octet-stream'],
    params: PartParams,
    responses: { 200: UploadedPart, ...errorResponses(400, 403, 404, 413, 415) },
  }),
  parts: endpoint({
    ...inUpload,
    method: 'GET',
    path: `${path}/{uploadId}/parts`,
    summary: 'The parts stored so far, by number, a page at a time (for resuming)',
    query: PartsQuery,
    responses: { 200: PartListing, ...errorResponses(400, 403, 404) },
  }),
  complete: endpoint({
    ...inUpload,
    method: 'POST',
    path: `${path}/{uploadId}/complete`,
    summary:
      'Assembles the listed parts into the object (replacing one at the key) and ends the upload; a part out of order, ' +
      'missing, of another etag, or under 5 MiB but the last answers 400, a quota 409 or 413, and nothing changes',
    body: UploadComplete,
    responses: { 200: StoredObject, ...errorResponses(400, 403, 404, 409, 413) },
  }),
  abort: endpoint({
    ...inUpload,
    method: 'DELETE',
    path: `${path}/{uploadId}`,
    summary: 'Ends the upload and removes its parts',
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
};
