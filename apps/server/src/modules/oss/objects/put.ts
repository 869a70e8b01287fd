import type { Readable } from 'node:stream';
import { SINGLE_UPLOAD_MAX_BYTES, type StoredObject } from '@portal/contracts';
import { count, eq, sum } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { StreamDigest } from '../../../platform/storage/storage.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossBuckets as buckets, ossObjects as objects } from '../tables.ts';
import { contentTypeOf } from './content-type.ts';
import { checkKey } from './keys.ts';
import { findObject, toStoredObject } from './rows.ts';
import { deleteStoredBytes, newStorageKey } from './stored-bytes.ts';

/** An object to store: its bytes as a stream, with what the client declared about them (each verified when given). */
export interface PutInput {
  key: string;
  body: Readable;
  folder?: boolean;
  declaredLength?: number;
  /** Content-MD5: base64 of the MD5. */
  declaredMd5?: string;
  /** x-amz-checksum-sha256: base64 of the SHA-256. */
  declaredSha256?: string;
  declaredType?: string;
  metadata?: Record<string, string>;
}

type Limit = 'maxUploadBytes' | 'quotaBytes' | 'singleUploadBytes';
const tooLarge = (limit: Limit, bytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The object is larger than the ${limit} limit allows (${bytes} bytes)`, { limit, bytes });

/** The most bytes this object may have: the per-upload limit and what the bytes quota leaves (the replaced object's bytes freed). */
async function allowance(db: Db, bucket: BucketRow, key: string) {
  const [usage] = await db
    .select({ objects: count(), bytes: sum(objects.size).mapWith(Number) })
    .from(objects)
    .where(eq(objects.bucketId, bucket.id));
  const replaced = await findObject(db, bucket.id, key);
  const candidates: { limit: Limit; bytes: number }[] = [{ limit: 'singleUploadBytes', bytes: SINGLE_UPLOAD_MAX_BYTES }];
  if (bucket.maxUploadBytes !== null) candidates.push({ limit: 'maxUploadBytes', bytes: bucket.maxUploadBytes });
  if (bucket.quotaBytes !== null) {
    candidates.push({ limit: 'quotaBytes', bytes: Math.max(0, bucket.quotaBytes - (usage?.bytes ?? 0) + (replaced?.size ?? 0)) });
  }
  const tightest = candidates.sort((a, b) => a.bytes - b.bytes)[0];
  const objectsFull = !replaced && bucket.quotaObjects !== null && (usage?.objects ?? 0) >= bucket.quotaObjects;
  return { tightest, objectsFull, replaced };
}

const objectsFullError = (bucket: BucketRow) =>
  new AppError('CONFLICT', `The bucket holds its quotaObjects of ${bucket.quotaObjects} objects`, {
    limit: 'quotaObjects',
    objects: bucket.quotaObjects,
  });

/** Refuses bytes that are not what the client declared: nothing is stored then. */
function verifyDeclared(input: PutInput, digest: StreamDigest) {
  if (input.declaredLength !== undefined && digest.size !== input.declaredLength) {
    throw badRequest(`The body has ${digest.size} bytes, not the ${input.declaredLength} declared`, { field: 'content-length' });
  }
  if (input.declaredMd5 !== undefined && Buffer.from(digest.md5, 'hex').toString('base64') !== input.declaredMd5) {
    throw badRequest('The body does not match its Content-MD5', { field: 'content-md5' });
  }
  if (input.declaredSha256 !== undefined && Buffer.from(digest.sha256, 'hex').toString('base64') !== input.declaredSha256) {
    throw badRequest('The body does not match its x-amz-checksum-sha256', { field: 'x-amz-checksum-sha256' });
  }
}

/**
 * Stores an object: streams the bytes to a new storage file (bounded by the bucket's limits, digests
 * computed on the way), verifies what was declared, then records the row under the bucket's lock,
 * checking the quotas again. Whatever fails, the new file goes and nothing changes; a replaced
 * object's old bytes go once the new row is committed.
 */
export async function putObject(service: OssService, bucket: BucketRow, input: PutInput): Promise<StoredObject> {
  const key = checkKey(input.key, input.folder ? 'folder' : 'file', 'key');
  const before = await allowance(service.db, bucket, key);
  if (before.objectsFull) throw objectsFullError(bucket);
  if (before.tightest && input.declaredLength !== undefined && input.declaredLength > before.tightest.bytes) {
    throw tooLarge(before.tightest.limit, before.tightest.bytes);
  }
  const storageKey = newStorageKey(bucket.id);
  const digest = await service.storage
    .put(storageKey, input.body, { maxBytes: before.tightest?.bytes, verify: (found) => verifyDeclared(input, found) })
    .catch((error: unknown) => {
      if (before.tightest && error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
        throw tooLarge(before.tightest.limit, before.tightest.bytes);
      }
      throw error;
    });
  try {
    const contentType = input.folder ? 'application/x-directory' : await contentTypeOf(digest.head, input.declaredType);
    const { row, replaced } = await transaction(service.db, async (tx) => {
      const [locked] = await tx.select().from(buckets).where(eq(buckets.id, bucket.id)).for('update');
      if (!locked) throw new AppError('NOT_FOUND', 'The bucket does not exist');
      const now = await allowance(tx, locked, key);
      if (now.objectsFull) throw objectsFullError(locked);
      if (now.tightest && digest.size > now.tightest.bytes) throw tooLarge(now.tightest.limit, now.tightest.bytes);
      const values = {
        size: digest.size,
        contentType,
        etag: digest.md5,
        sha256: digest.sha256,
        storageKey,
        metadata: input.metadata ?? {},
        updatedAt: new Date(),
      };
      const [written] = now.replaced
        ? await tx.update(objects).set(values).where(eq(objects.id, now.replaced.id)).returning()
        : await tx
            .insert(objects)
            .values({ bucketId: bucket.id, key, ...values })
            .returning();
      if (!written) throw new Error('the object row was not written');
      return { row: written, replaced: now.replaced };
    });
    if (replaced) await deleteStoredBytes(service, [replaced.storageKey]);
    return toStoredObject(row);
  } catch (error) {
    await deleteStoredBytes(service, [storageKey]);
    throw error;
  }
}
