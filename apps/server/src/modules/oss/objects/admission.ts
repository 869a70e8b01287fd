import type { Readable } from 'node:stream';
import { MULTIPART_UPLOAD_MAX_BYTES, SINGLE_UPLOAD_MAX_BYTES } from '@portal/contracts';
import { count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { StreamDigest } from '../../../platform/storage/storage.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossObjects as objects } from '../tables.ts';
import { findObject } from './rows.ts';

export type Limit = 'maxUploadBytes' | 'quotaBytes' | 'singleUploadBytes' | 'multipartUploadBytes' | 'partBytes';
/** A number of bytes allowed, and the limit it comes from (named in a 413). */
export interface Allowed {
  limit: Limit;
  bytes: number;
}

/** The most one upload may store, by the way it comes: one PUT (S3's 5 GiB), or assembled from parts (S3's 5 TiB). */
export const SINGLE_UPLOAD: Allowed = { limit: 'singleUploadBytes', bytes: SINGLE_UPLOAD_MAX_BYTES };
export const MULTIPART_UPLOAD: Allowed = { limit: 'multipartUploadBytes', bytes: MULTIPART_UPLOAD_MAX_BYTES };

export const tooLarge = ({ limit, bytes }: Allowed) =>
  new AppError('PAYLOAD_TOO_LARGE', `The object is larger than the ${limit} limit allows (${bytes} bytes)`, { limit, bytes });

export const objectsFullError = (bucket: BucketRow) =>
  new AppError('CONFLICT', `The bucket holds its quotaObjects of ${bucket.quotaObjects} objects`, {
    limit: 'quotaObjects',
    objects: bucket.quotaObjects,
  });

/**
 * The most bytes an object at `key` may have: the upload's own ceiling, the bucket's per-upload limit
 * and what the bytes quota leaves (the replaced object's bytes freed); whether the object quota is full.
 */
export async function allowance(db: Db, bucket: BucketRow, key: string, ceiling: Allowed) {
  const [usage] = await db
    .select({ objects: count(), bytes: sum(objects.size).mapWith(Number) })
    .from(objects)
    .where(eq(objects.bucketId, bucket.id));
  const replaced = await findObject(db, bucket.id, key);
  const candidates: Allowed[] = [ceiling];
  if (bucket.maxUploadBytes !== null) candidates.push({ limit: 'maxUploadBytes', bytes: bucket.maxUploadBytes });
  if (bucket.quotaBytes !== null) {
    candidates.push({ limit: 'quotaBytes', bytes: Math.max(0, bucket.quotaBytes - (usage?.bytes ?? 0) + (replaced?.size ?? 0)) });
  }
  const tightest = candidates.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  const objectsFull = !replaced && bucket.quotaObjects !== null && (usage?.objects ?? 0) >= bucket.quotaObjects;
  return { tightest, objectsFull, replaced };
}

/** Refuses early what cannot fit (the object quota full, a declared length over the allowance); answers the allowance. */
export async function admit(db: Db, bucket: BucketRow, key: string, ceiling: Allowed, declaredLength?: number): Promise<Allowed> {
  const { tightest, objectsFull } = await allowance(db, bucket, key, ceiling);
  if (objectsFull) throw objectsFullError(bucket);
  if (declaredLength !== undefined && declaredLength > tightest.bytes) throw tooLarge(tightest);
  return tightest;
}

/**
 * Streams bytes to a new storage file, at most `allowed` of them (a 413 naming the limit as soon as
 * more arrive), `verify` refusing what is not as declared: whatever fails, no file is left.
 */
export function storeWithin(
  service: OssService,
  storageKey: string,
  body: Readable,
  allowed: Allowed,
  verify: (digest: StreamDigest) => void,
): Promise<StreamDigest> {
  return service.storage.put(storageKey, body, { maxBytes: allowed.bytes, verify }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw tooLarge(allowed);
    throw error;
  });
}
