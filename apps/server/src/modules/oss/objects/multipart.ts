import type { Readable } from 'node:stream';
import { PART_MAX_BYTES, PART_NUMBER_MAX, type StoredObject } from '@portal/contracts';
import { and, eq, ne, sum } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossMultipartParts as parts, ossMultipartUploads as uploads } from '../tables.ts';
import { admit, allowance, MULTIPART_UPLOAD, storeWithin, tooLarge, type Allowed } from './admission.ts';
import { verifyDeclared, type Declared } from './declared.ts';
import { checkKey } from './keys.ts';
import { concatenated, multipartEtag, partsToAssemble, type ListedPart } from './multipart-assemble.ts';
import { findUpload, multipartError, partsOf, removeAbandonedUploads, type UploadRow } from './multipart-rows.ts';
import { recordObject, sniffedType } from './record.ts';
import { deleteStoredBytes, newStorageKey } from './stored-bytes.ts';

export { listParts, listUploads } from './multipart-list.ts';

/**
 * Multipart (resumable) uploads, as S3 has them, for the REST API and the S3 API alike: parts are
 * stored apart, each streamed to a file of its own with its digests, and completing assembles the
 * listed ones, streamed, into the object's file. Failures throw AppError with S3's code in
 * `details.s3Code`. The assembled object may reach MULTIPART_UPLOAD_MAX_BYTES (S3's 5 TiB), lowered
 * by the bucket's maxUploadBytes and what its bytes quota leaves; its parts are counted against
 * those as they come, the object quotas when it completes.
 */

export interface UploadStart {
  key: string;
  contentType?: string;
  metadata?: Record<string, string>;
  initiatorId?: string;
  accessKeyId?: string;
}

/** Starts an upload to a key (checked as a PUT's is); a bucket whose object quota is full refuses it. */
export async function createUpload(service: OssService, bucket: BucketRow, input: UploadStart): Promise<{ uploadId: string; key: string }> {
  const key = checkKey(input.key, 'file', 'key');
  await admit(service.db, bucket, key, MULTIPART_UPLOAD);
  const [row] = await service.db
    .insert(uploads)
    .values({
      bucketId: bucket.id,
      key,
      initiatorId: input.initiatorId ?? null,
      accessKeyId: input.accessKeyId ?? null,
      contentType: input.contentType ?? null,
      metadata: input.metadata ?? {},
    })
    .returning();
  if (!row) throw new Error('the upload row was not written');
  return { uploadId: row.id, key: row.key };
}

const PART: Allowed = { limit: 'partBytes', bytes: PART_MAX_BYTES };

/** The most bytes a part may have: S3's 5 GiB, and what the object's allowance leaves beside the upload's other parts. */
async function partAllowance(db: Db, bucket: BucketRow, upload: UploadRow, partNumber: number): Promise<Allowed> {
  const { tightest } = await allowance(db, bucket, upload.key, MULTIPART_UPLOAD);
  const [others] = await db
    .select({ bytes: sum(parts.size).mapWith(Number) })
    .from(parts)
    .where(and(eq(parts.uploadId, upload.id), ne(parts.partNumber, partNumber)));
  const left = Math.max(0, tightest.bytes - (others?.bytes ?? 0));
  return left < PART.bytes ? { limit: tightest.limit, bytes: left } : PART;
}

/**
 * Stores a part (replacing one of the same number, whose bytes go after the commit), streamed with
 * its digests and verified against what was declared; whatever fails, no file is left.
 */
export async function uploadPart(
  service: OssService,
  bucket: BucketRow,
  uploadId: string,
  partNumber: number,
  body: Readable,
  declared: Declared,
): Promise<{ partNumber: number; etag: string; size: number }> {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > PART_NUMBER_MAX) {
    throw multipartError('BAD_REQUEST', 'InvalidArgument', `A part number is from 1 to ${PART_NUMBER_MAX}`, { field: 'partNumber' });
  }
  const upload = await findUpload(service.db, bucket, uploadId);
  const allowed = await partAllowance(service.db, bucket, upload, partNumber);
  if (declared.length !== undefined && declared.length > allowed.bytes) throw tooLarge(allowed);
  const storageKey = newStorageKey(bucket.id);
  const digest = await storeWithin(service, storageKey, body, allowed, (found) => verifyDeclared(declared, found));
  const values = { size: digest.size, etag: digest.md5, sha256: digest.sha256, storageKey, createdAt: new Date() };
  try {
    const replaced = await transaction(service.db, async (tx) => {
      await findUpload(tx, bucket, uploadId, true);
      const same = and(eq(parts.uploadId, uploadId), eq(parts.partNumber, partNumber));
      const [old] = await tx.select({ storageKey: parts.storageKey }).from(parts).where(same);
      if (old) await tx.update(parts).set(values).where(same);
      else await tx.insert(parts).values({ uploadId, partNumber, ...values });
      return old?.storageKey;
    });
    if (replaced) await deleteStoredBytes(service, [replaced]);
  } catch (error) {
    await deleteStoredBytes(service, [storageKey]);
    throw error;
  }
  return { partNumber, etag: digest.md5, size: digest.size };
}

/** Ends an upload inside a transaction: locked, its rows deleted (parts by cascade); answers them for their bytes to go after the commit. */
async function endUpload(tx: Tx, bucket: BucketRow, uploadId: string) {
  const upload = await findUpload(tx, bucket, uploadId, true);
  const stored = await partsOf(tx, upload.id);
  await tx.delete(uploads).where(eq(uploads.id, upload.id));
  return stored;
}

/**
 * Completes an upload: checks the listed parts (S3's rules, multipart-assemble.ts), streams them one
 * after the other into the object's new file (size, MD5 and SHA-256 of the whole computed on the
 * way), then records the object as a PUT does (record.ts) and ends the upload in the same
 * transaction. The object's etag is S3's multipart one. A failure (a quota, a concurrent abort)
 * leaves no object and no new file, and the upload as it was.
 */
export async function completeUpload(
  service: OssService,
  bucket: BucketRow,
  uploadId: string,
  listed: ListedPart[],
): Promise<StoredObject> {
  const upload = await findUpload(service.db, bucket, uploadId);
  // An abort committing meanwhile takes the parts (their rows, then their files): NoSuchUpload, not their absence.
  const unlessEnded = <T>(step: Promise<T>) =>
    step.catch(async (error: unknown) => {
      await findUpload(service.db, bucket, uploadId);
      throw error;
    });
  const chosen = await unlessEnded(partsOf(service.db, upload.id).then((stored) => partsToAssemble(listed, stored)));
  const size = chosen.reduce((total, part) => total + part.size, 0);
  const allowed = await admit(service.db, bucket, upload.key, MULTIPART_UPLOAD, size);
  const storageKey = newStorageKey(bucket.id);
  const digest = await unlessEnded(
    storeWithin(service, storageKey, concatenated(service, chosen), allowed, (found) => {
      if (found.size !== size) throw new Error(`the parts assembled into ${found.size} bytes, not the ${size} recorded`);
    }),
  );
  const contentType = await sniffedType(service, storageKey, digest.head, upload.contentType ?? undefined);
  const written = {
    key: upload.key,
    storageKey,
    size,
    etag: multipartEtag(chosen),
    sha256: digest.sha256,
    contentType,
    metadata: upload.metadata,
  };
  return recordObject(service, bucket, written, MULTIPART_UPLOAD, async (tx) => {
    const stored = await endUpload(tx, bucket, uploadId);
    const unchanged = chosen.every((part) =>
      stored.some((now) => now.partNumber === part.partNumber && now.storageKey === part.storageKey),
    );
    if (!unchanged) throw multipartError('BAD_REQUEST', 'InvalidPart', 'A listed part was uploaded again while the upload completed');
    return stored.map((part) => part.storageKey);
  });
}

/** Aborts an upload: its rows go, then its parts' bytes. */
export async function abortUpload(service: OssService, bucket: BucketRow, uploadId: string): Promise<void> {
  const stored = await transaction(service.db, (tx) => endUpload(tx, bucket, uploadId));
  await deleteStoredBytes(
    service,
    stored.map((part) => part.storageKey),
  );
}

/** Aborts the uploads nobody completed within ABANDONED_UPLOAD_MS (the periodic sweep); answers how many parts went. */
export async function abortAbandonedUploads(service: Pick<OssService, 'db' | 'storage'>): Promise<number> {
  const stored = await transaction(service.db, (tx) => removeAbandonedUploads(tx));
  await deleteStoredBytes(service, stored);
  return stored.length;
}
