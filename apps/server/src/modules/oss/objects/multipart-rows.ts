import type { MultipartUpload } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import { ossMultipartParts as parts, ossMultipartUploads as uploads } from '../tables.ts';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The upload of this bucket with this id (an id of another bucket's upload is no such upload),
 * locked against concurrent changes when `lock` (inside a transaction).
 */
export async function findUpload(db: Db, bucket: BucketRow, uploadId: string, lock = false): Promise<UploadRow> {
  if (!UUID.test(uploadId)) throw noSuchUpload();
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
 * The storage keys of every part of the bucket's uploads, read in the transaction that deletes the
 * bucket (its uploads and parts go with it by cascade) so their bytes can go after the commit. The
 * uploads are locked first, as a part's upload is when it is recorded: none is recorded unseen.
 */
export async function partFilesOfBucket(db: Db, bucketId: string): Promise<string[]> {
  const ofBucket = eq(uploads.bucketId, bucketId);
  await db.select({ id: uploads.id }).from(uploads).where(ofBucket).for('update');
  const rows = await db
    .select({ storageKey: parts.storageKey })
    .from(parts)
    .where(inArray(parts.uploadId, db.select({ id: uploads.id }).from(uploads).where(ofBucket)));
  return rows.map((row) => row.storageKey);
}
