import { BUCKET_LEVELS, type BucketLevel } from '@portal/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { OssService } from '../context.ts';
import { ossBucketPermissions as grants, ossBuckets as buckets } from '../tables.ts';

/** Catalogue points reaching every bucket: the platform administrators'. */
export const READ_EVERY_BUCKET = 'OSS:spaceList:query';
export const MANAGE_EVERY_BUCKET = 'OSS:spaceList:manage';

export type BucketRow = typeof buckets.$inferSelect;

const rank = (level: BucketLevel | null) => (level === null ? -1 : BUCKET_LEVELS.indexOf(level));
export const atLeast = (held: BucketLevel | null, needed: BucketLevel) => rank(held) >= rank(needed);
const highest = (levels: (BucketLevel | null)[]) =>
  levels.reduce<BucketLevel | null>((best, level) => (rank(level) > rank(best) ? level : best), null);

/** Grants on a bucket reaching the user: by name, or through a group the user is a member of. */
export const grantsReaching = (service: OssService, userId: string): SQL =>
  or(
    and(eq(grants.subjectType, 'user'), eq(grants.subjectId, userId)),
    and(eq(grants.subjectType, 'group'), sql`${grants.subjectId} in (${service.people.groupIdsOf(userId)})`),
  ) as SQL;

/** The level every bucket grants the user by catalogue points (platform administrators), or null. */
export async function everyBucketLevel(service: OssService, userId: string): Promise<BucketLevel | null> {
  if (await service.holdsResource(userId, MANAGE_EVERY_BUCKET)) return 'admin';
  if (await service.holdsResource(userId, READ_EVERY_BUCKET)) return 'read';
  return null;
}

/** The user's level on the bucket: owner is admin, then the highest of the grants and the catalogue points. */
export async function levelOn(service: OssService, userId: string, bucket: BucketRow): Promise<BucketLevel | null> {
  if (bucket.ownerId === userId) return 'admin';
  const granted = await service.db
    .select({ level: grants.level })
    .from(grants)
    .where(and(eq(grants.bucketId, bucket.id), grantsReaching(service, userId)));
  return highest([...granted.map((row) => row.level), await everyBucketLevel(service, userId)]);
}

export async function findBucket(service: OssService, bucketId: string): Promise<BucketRow> {
  const [bucket] = await service.db.select().from(buckets).where(eq(buckets.id, bucketId));
  if (!bucket) throw notFound('The bucket');
  return bucket;
}

/** The bucket, when the user holds at least `needed` on it: else 404 (no such bucket) or 403 naming the level needed. */
export async function bucketFor(
  service: OssService,
  userId: string,
  bucketId: string,
  needed: BucketLevel,
): Promise<{ bucket: BucketRow; level: BucketLevel }> {
  const bucket = await findBucket(service, bucketId);
  const level = await levelOn(service, userId, bucket);
  if (!level || !atLeast(level, needed)) {
    throw new AppError('FORBIDDEN', `This needs the ${needed} level on the bucket`, { needed, held: level });
  }
  return { bucket, level };
}

/**
 * A bucket changes owner only by its owner or a platform administrator of every bucket: an admin by
 * grant holds the owner's level, not the bucket, and may not take it over.
 */
export async function assertMayTransfer(service: OssService, userId: string, bucket: BucketRow): Promise<void> {
  if (bucket.ownerId === userId || (await everyBucketLevel(service, userId)) === 'admin') return;
  throw new AppError('FORBIDDEN', 'Only the owner or an administrator of every bucket gives a bucket to another owner', {
    needed: 'owner',
  });
}
