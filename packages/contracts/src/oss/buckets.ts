import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { OSS_PREFIX } from './prefix.ts';

/** S3's bucket naming rules: 3–63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
export const BUCKET_NAME_PATTERN = '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$';
export const BUCKET_POLICIES = ['private', 'public-read'] as const;
export type BucketPolicy = (typeof BUCKET_POLICIES)[number];
/** Access levels on a bucket, each including the ones before it. */
export const BUCKET_LEVELS = ['read', 'write', 'admin'] as const;
export type BucketLevel = (typeof BUCKET_LEVELS)[number];

/** Byte and count limits (null: none); bytes up to 2^53 - 1 so they stay exact in JSON. */
const Bytes = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const limitProperties = {
  quotaBytes: Type.Optional(Nullable(Bytes)),
  quotaObjects: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 2_000_000_000 }))),
  maxUploadBytes: Type.Optional(Nullable(Bytes)),
};
export const BucketLimits = Type.Object(limitProperties);

export const Bucket = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ownerId: Nullable(Type.String()),
  ownerName: Nullable(Type.String()),
  policy: Type.Enum(BUCKET_POLICIES),
  quotaBytes: Nullable(Type.Integer()),
  quotaObjects: Nullable(Type.Integer()),
  maxUploadBytes: Nullable(Type.Integer()),
  /** What the caller may do in it. */
  level: Type.Enum(BUCKET_LEVELS),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Bucket = Static<typeof Bucket>;

/** A bucket with what it holds. */
export const BucketDetails = Type.Object({ ...Bucket.properties, objects: Type.Integer(), bytes: Type.Integer() });
export type BucketDetails = Static<typeof BucketDetails>;

export const BucketCreate = Type.Object({
  name: Type.String({ pattern: BUCKET_NAME_PATTERN, minLength: 3, maxLength: 63 }),
  policy: Type.Optional(Type.Enum(BUCKET_POLICIES)),
  ...limitProperties,
});
export type BucketCreate = Static<typeof BucketCreate>;
export type BucketLimitsInput = Static<typeof BucketLimits>;

export const BucketParams = Type.Object({ bucketId: Type.String({ format: 'uuid' }) });
export const OssOverview = Type.Object({ buckets: Type.Integer(), objects: Type.Integer(), bytes: Type.Integer() });
export type OssOverview = Static<typeof OssOverview>;

const tags = ['oss buckets'];
const path = `${OSS_PREFIX}/v1/buckets`;
const signedIn = { access: 'signedIn', tags } as const;
const inBucket = { ...signedIn, params: BucketParams } as const;

/**
 * Buckets (page OSS > spaceList). Creating one and the global figures are gated by elements; the
 * rest is any signed-in user with a check of its own: the caller's level on the bucket (owner: admin;
 * user and group grants; holders of OSS:spaceList:query read and OSS:spaceList:manage administer every bucket).
 */
export const bucketEndpoints = {
  overview: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: `${OSS_PREFIX}/v1/overview`,
    summary: 'Global figures: buckets, objects and bytes stored',
    responses: { 200: OssOverview },
  }),
  list: endpoint({
    ...signedIn,
    method: 'GET',
    path,
    summary: 'The buckets the caller may read, by name, with the level the caller holds',
    responses: { 200: Type.Array(Bucket) },
  }),
  create: endpoint({
    access: 'gated',
    tags,
    method: 'POST',
    path,
    summary: 'Creates a bucket owned by the caller; a taken name answers 409',
    body: BucketCreate,
    responses: { 200: Bucket, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...inBucket,
    method: 'GET',
    path: `${path}/{bucketId}`,
    summary: 'A bucket with its object count and bytes (read level)',
    responses: { 200: BucketDetails, ...errorResponses(403, 404) },
  }),
  update: endpoint({
    ...inBucket,
    method: 'PATCH',
    path: `${path}/{bucketId}`,
    summary: "Changes a bucket's quotas and per-upload limit (admin level); null removes a limit",
    body: BucketLimits,
    responses: { 200: Bucket, ...errorResponses(400, 403, 404) },
  }),
  setOwner: endpoint({
    ...inBucket,
    method: 'PATCH',
    path: `${path}/{bucketId}/owner`,
    summary: 'Hands the bucket to another user (admin level)',
    body: Type.Object({ ownerId: Type.String({ format: 'uuid' }) }),
    responses: { 200: Bucket, ...errorResponses(400, 403, 404) },
  }),
  remove: endpoint({
    ...inBucket,
    method: 'DELETE',
    path: `${path}/{bucketId}`,
    summary: 'Deletes an empty bucket (admin level); one holding objects answers 409',
    responses: { 200: Ok, ...errorResponses(403, 404, 409) },
  }),
  removeData: endpoint({
    ...inBucket,
    method: 'DELETE',
    path: `${path}/{bucketId}/data`,
    summary: 'Deletes every object of the bucket (admin level), confirmed by the bucket name in the body',
    body: Type.Object({ name: Type.String({ maxLength: 63 }) }),
    responses: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses(400, 403, 404) },
  }),
};
