import type { MultipartUpload } from '@portal/contracts';
import { and, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import { ossMultipartParts as parts, ossMultipartUploads as uploads } from '../tables.ts';
import { isUuid } from '../../../platform/uuid.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type PartRow = typeof parts.$inferSelect;

/** A failure of a multipart call, with the S3 error code the S3 API answers it by. */
export const multipartError = (
  code: 'BAD_REQUEST' | 'NOT_FOUND' | 'PAYLOAD_TOO_LARGE',
  s3Code: string,
  message: string,
  details: Record<string, unknown> = {},
) => new AppError(code, message, { s3Code, ...details });

export const noSuchUpload = () =>
  multipartError('NOT_FOUND', 'NoSuchUpload', 'The upload does not exist: it was completed or aborted, or never started in this bucket');

/**
 * The upload of this bucket with this id (an id of another bucket's upload is no such upload),
 * locked against concurrent changes when `lock` (inside a transaction).
 */
export async function findUpload(db: Db, bucket: BucketRow, uploadId: string, lock = false): Promise<UploadRow> {
  if (!isUuid(uploadId)) throw noSuchUpload();
  const query = db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.bucketId, bucket.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw noSuchUpload();
  return row;
}

export const partsOf = (db: Db, uploadId: string) => db.select().from(parts).where(eq(parts.uploadId, uploadId)).orderBy(parts.partNumber);

export const toUpload = (row: UploadRow): MultipartUpload => ({
  uploadId: row.id,
  key: row.key,
  initiatorId: row.initiatorId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Uploads started this long ago and never completed are aborted by the periodic sweep: S3's
 * lifecycle rule for incomplete uploads, which tools commonly set to a week.
 */
export const ABANDONED_UPLOAD_MS = 7 * 24 * 60 * 60_000;

/**
 * Removes the uploads `which` selects, in the caller's transaction, and answers their parts'
 * storage keys so the bytes can go after the commit. The uploads are locked first, as a part's
 * upload is when it is recorded: none is recorded unseen. Those another transaction holds are
 * passed over when `skipLocked` (a sweep leaves them to the next round).
 */
async function removeUploads(db: Db, which: SQL, skipLocked = false): Promise<string[]> {
  const locked = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(which)
    .for('update', skipLocked ? { skipLocked: true } : {});
  if (locked.length === 0) return [];
  const ids = locked.map((row) => row.id);
  const rows = await db.select({ storageKey: parts.storageKey }).from(parts).where(inArray(parts.uploadId, ids));
  await db.delete(uploads).where(inArray(uploads.id, ids));
  return rows.map((row) => row.storageKey);
}

/** Every upload of a bucket whose data or self is being deleted (see removeUploads). */
export const removeUploadsOfBucket = (db: Db, bucketId: string) => removeUploads(db, eq(uploads.bucketId, bucketId));

/** The uploads abandoned for longer than ABANDONED_UPLOAD_MS (see removeUploads). */
export const removeAbandonedUploads = (db: Db) =>
  removeUploads(db, lt(uploads.createdAt, new Date(Date.now() - ABANDONED_UPLOAD_MS)), true);
