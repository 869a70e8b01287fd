import {
  BUCKET_LEVELS,
  type Bucket,
  type BucketCreate,
  type BucketDetails,
  type BucketLevel,
  type BucketLimitsInput,
} from '@portal/contracts';
import { and, asc, count, eq, sql, sum } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { NO_RECIPIENTS } from '../../permission/index.ts';
import type { OssService } from '../context.ts';
import { removeUploadsOfBucket } from '../objects/multipart-rows.ts';
import { deleteStoredBytes } from '../objects/stored-bytes.ts';
import { ossBucketPermissions as grants, ossBuckets as buckets, ossObjects as objects } from '../tables.ts';
import { atLeast, everyBucketLevel, grantsReaching, type BucketRow } from './levels.ts';

const toBucket = (row: BucketRow, ownerName: string | null, level: BucketLevel): Bucket => ({
  id: row.id,
  name: row.name,
  ownerId: row.ownerId,
  ownerName,
  policy: row.policy,
  quotaBytes: row.quotaBytes,
  quotaObjects: row.quotaObjects,
  maxUploadBytes: row.maxUploadBytes,
  level,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function ownerNameOf(service: OssService, row: BucketRow) {
  if (!row.ownerId) return null;
  const [named] = await service.people.namedTargets(service.db, { ...NO_RECIPIENTS, userIds: [row.ownerId] });
  return named?.name ?? null;
}

export const bucketView = async (service: OssService, row: BucketRow, level: BucketLevel) =>
  toBucket(row, await ownerNameOf(service, row), level);

/** The buckets the user may read, by name: owned, granted (directly or through a group), or every one for the platform's administrators. */
export async function listBuckets(service: OssService, userId: string): Promise<Bucket[]> {
  const every = await everyBucketLevel(service, userId);
  const granted = sql<number | null>`(select max(array_position(${sql.param([...BUCKET_LEVELS])}::text[], ${grants.level}))
    from ${grants} where ${grants.bucketId} = ${buckets.id} and ${grantsReaching(service, userId)})`;
  const rows = await service.db
    .select({ bucket: buckets, ownerName: service.people.userNameOf(buckets.ownerId), granted })
    .from(buckets)
    .where(every ? undefined : sql`${buckets.ownerId} = ${userId} or ${granted} is not null`)
    .orderBy(asc(buckets.name));
  return rows.map(({ bucket, ownerName, granted: position }) => {
    const byGrant = position === null ? null : (BUCKET_LEVELS[Number(position) - 1] ?? null);
    const levels: (BucketLevel | null)[] = [bucket.ownerId === userId ? 'admin' : null, byGrant, every];
    const level = BUCKET_LEVELS.findLast((candidate) => levels.some((held) => held && atLeast(held, candidate))) ?? 'read';
    return toBucket(bucket, ownerName, level);
  });
}

const limitsOf = (input: BucketLimitsInput) => ({
  ...(input.quotaBytes !== undefined ? { quotaBytes: input.quotaBytes } : {}),
  ...(input.quotaObjects !== undefined ? { quotaObjects: input.quotaObjects } : {}),
  ...(input.maxUploadBytes !== undefined ? { maxUploadBytes: input.maxUploadBytes } : {}),
});

/** What the audit log keeps of a bucket: its settings, not its contents. */
const auditView = (row: BucketRow) => ({
  name: row.name,
  ownerId: row.ownerId,
  policy: row.policy,
  quotaBytes: row.quotaBytes,
  quotaObjects: row.quotaObjects,
  maxUploadBytes: row.maxUploadBytes,
});
const bucketChange = (action: string, row: BucketRow, sides: { before?: BucketRow; after?: BucketRow; extra?: object }) => ({
  action: `oss-buckets.${action}`,
  targetType: 'oss-bucket',
  targetId: row.id,
  ...(sides.before ? { before: auditView(sides.before) } : {}),
  ...(sides.after || sides.extra ? { after: { ...(sides.after ? auditView(sides.after) : {}), ...sides.extra } } : {}),
});

export async function createBucket(service: OssService, actor: AuditActor, ownerId: string, input: BucketCreate): Promise<Bucket> {
  if (input.name.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(input.name)) {
    throw badRequest('A bucket name has no two dots in a row and is not an IP address', { field: 'body.name' });
  }
  const row = await transaction(service.db, async (tx) => {
    const [created] = await tx
      .insert(buckets)
      .values({ name: input.name, ownerId, policy: input.policy ?? 'private', ...limitsOf(input) })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', 'A bucket with this name exists', { field: 'name' });
    await recordAudit(tx, actor, bucketChange('create', created, { after: created }));
    return created;
  });
  return bucketView(service, row, 'admin');
}

/** What the bucket holds: objects and bytes. */
export async function bucketUsage(service: OssService, bucketId: string) {
  const [usage] = await service.db
    .select({ objects: count(), bytes: sum(objects.size).mapWith(Number) })
    .from(objects)
    .where(eq(objects.bucketId, bucketId));
  return { objects: usage?.objects ?? 0, bytes: usage?.bytes ?? 0 };
}

export async function bucketDetails(service: OssService, row: BucketRow, level: BucketLevel): Promise<BucketDetails> {
  return { ...(await bucketView(service, row, level)), ...(await bucketUsage(service, row.id)) };
}

/** Changes the bucket's settings, recorded in the audit log as `oss-buckets.<action>`. */
export async function updateBucket(
  service: OssService,
  actor: AuditActor,
  row: BucketRow,
  action: string,
  change: Partial<typeof buckets.$inferInsert>,
): Promise<BucketRow> {
  return transaction(service.db, async (tx) => {
    const [updated] = await tx
      .update(buckets)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(buckets.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'The bucket does not exist');
    await recordAudit(tx, actor, bucketChange(action, updated, { before: row, after: updated }));
    return updated;
  });
}

export const updateLimits = (service: OssService, actor: AuditActor, row: BucketRow, input: BucketLimitsInput) =>
  updateBucket(service, actor, row, 'update', limitsOf(input));

export async function setOwner(service: OssService, actor: AuditActor, row: BucketRow, ownerId: string) {
  await service.people.assertExist(service.db, { ...NO_RECIPIENTS, userIds: [ownerId] });
  return updateBucket(service, actor, row, 'owner.update', { ownerId });
}

/**
 * Deletes an empty bucket; one holding objects answers 409 (delete its data first). Uploads in
 * progress go with it (their rows by cascade), and their parts' bytes once that has committed.
 */
export async function deleteBucket(service: OssService, actor: AuditActor, row: BucketRow): Promise<void> {
  const partFiles = await transaction(service.db, async (tx) => {
    // Locked first, as puts and completions lock it: no object is recorded between the count and the delete.
    await tx.select({ id: buckets.id }).from(buckets).where(eq(buckets.id, row.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(objects).where(eq(objects.bucketId, row.id));
    if ((held?.n ?? 0) > 0) throw new AppError('CONFLICT', 'The bucket holds objects: delete its data first', { objects: held?.n });
    const files = await removeUploadsOfBucket(tx, row.id);
    await tx.delete(buckets).where(eq(buckets.id, row.id));
    await recordAudit(tx, actor, bucketChange('delete', row, { before: row }));
    return files;
  });
  await deleteStoredBytes(service, partFiles);
}

/** Deletes every object of the bucket and its uploads in progress, confirmed by its name; the bytes go once the rows are gone. */
export async function deleteBucketData(service: OssService, actor: AuditActor, row: BucketRow, confirmation: string): Promise<number> {
  if (confirmation !== row.name) throw badRequest('Type the bucket name to confirm', { field: 'body.name' });
  const removed = await transaction(service.db, async (tx) => {
    const rows = await tx.delete(objects).where(eq(objects.bucketId, row.id)).returning({ storageKey: objects.storageKey });
    const partFiles = await removeUploadsOfBucket(tx, row.id);
    await recordAudit(tx, actor, bucketChange('data.delete', row, { extra: { deletedObjects: rows.length } }));
    return { objects: rows.map((object) => object.storageKey), partFiles };
  });
  await deleteStoredBytes(service, [...removed.objects, ...removed.partFiles]);
  return removed.objects.length;
}

export async function overview(service: OssService) {
  const [totals] = await service.db.select({ objects: count(), bytes: sum(objects.size).mapWith(Number) }).from(objects);
  const [bucketCount] = await service.db.select({ n: count() }).from(buckets);
  return { buckets: bucketCount?.n ?? 0, objects: totals?.objects ?? 0, bytes: totals?.bytes ?? 0 };
}

export const grantsOn = (bucketId: string, subjectType: 'user' | 'group') =>
  and(eq(grants.bucketId, bucketId), eq(grants.subjectType, subjectType));
