import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bucketFor, everyBucketLevel, findBucket } from '../buckets/levels.ts';
import { listBuckets } from '../buckets/service.ts';
import type { OssService } from '../context.ts';

/** The catalogue point that shows the statistics of every bucket (without reading their objects). */
export const EVERY_BUCKET_STATISTICS = 'OSS:statisticAnalysis:query';

/** The buckets figures cover, as a condition on a bucket id column; undefined: every bucket. */
export type BucketScope = (bucketId: PgColumn) => SQL | undefined;

const seesEveryBucket = async (service: OssService, userId: string) =>
  (await service.holdsResource(userId, EVERY_BUCKET_STATISTICS)) || (await everyBucketLevel(service, userId)) !== null;

/**
 * One bucket (404 when missing; 403 without the read level, unless the caller sees every bucket's
 * statistics), or every bucket the caller may see: all of them for holders of EVERY_BUCKET_STATISTICS
 * or of a point reaching every bucket, else those they own or are granted.
 */
export async function bucketScope(service: OssService, userId: string, bucketId: string | undefined): Promise<BucketScope> {
  const every = await seesEveryBucket(service, userId);
  if (bucketId !== undefined) {
    if (every) await findBucket(service, bucketId);
    else await bucketFor(service, userId, bucketId, 'read');
    return (column) => inArray(column, [bucketId]);
  }
  if (every) return () => undefined;
  const ids = (await listBuckets(service, userId)).map((bucket) => bucket.id);
  return (column) => inArray(column, ids);
}
