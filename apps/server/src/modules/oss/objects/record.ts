import type { StoredObject } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossBuckets as buckets, ossObjects as objects } from '../tables.ts';
import { contentTypeOf } from './content-type.ts';
import { allowance, objectsFullError, tooLarge, type Allowed } from './admission.ts';
import { toStoredObject } from './rows.ts';
import { deleteStoredBytes } from './stored-bytes.ts';

/** An object whose bytes are already stored (under `storageKey`), to record at its key. */
export interface WrittenObject {
  key: string;
  storageKey: string;
  size: number;
  contentType: string;
  etag: string;
  sha256: string;
  metadata: Record<string, string>;
}

/**
 * Runs inside the recording transaction, under the bucket's lock, before the row is written; throwing
 * records nothing. Answers the storage keys whose bytes go once the transaction has committed.
 */
export type AlongWith = (tx: Tx) => Promise<string[]>;

/** The stored type of new bytes (content-type.ts); should telling it fail, the new bytes go. */
export const sniffedType = (service: OssService, storageKey: string, head: Buffer, declared: string | undefined) =>
  contentTypeOf(head, declared).catch(async (error: unknown) => {
    await deleteStoredBytes(service, [storageKey]);
    throw error;
  });

/**
 * Records an object whose bytes are stored: under the bucket's lock, checks the quotas again (the
 * bucket may have filled since the bytes started coming), then inserts the row or replaces the one at
 * the key. Whatever fails, the new bytes go and nothing changes; the replaced object's old bytes
 * (and whatever `alongWith` freed) go once the row is committed.
 */
export async function recordObject(
  service: OssService,
  bucket: BucketRow,
  written: WrittenObject,
  ceiling: Allowed,
  alongWith?: AlongWith,
): Promise<StoredObject> {
  try {
    const { row, freed } = await transaction(service.db, async (tx) => {
      const [locked] = await tx.select().from(buckets).where(eq(buckets.id, bucket.id)).for('update');
      if (!locked) throw new AppError('NOT_FOUND', 'The bucket does not exist', { s3Code: 'NoSuchBucket' });
      const now = await allowance(tx, locked, written.key, ceiling);
      if (now.objectsFull) throw objectsFullError(locked);
      if (written.size > now.tightest.bytes) throw tooLarge(now.tightest);
      const freedAlong = (await alongWith?.(tx)) ?? [];
      const { key, ...values } = { ...written, updatedAt: new Date() };
      const [row] = now.replaced
        ? await tx.update(objects).set(values).where(eq(objects.id, now.replaced.id)).returning()
        : await tx
            .insert(objects)
            .values({ bucketId: bucket.id, key, ...values })
            .returning();
      if (!row) throw new Error('the object row was not written');
      return { row, freed: now.replaced ? [now.replaced.storageKey, ...freedAlong] : freedAlong };
    });
    await deleteStoredBytes(service, freed);
    return toStoredObject(row);
  } catch (error) {
    await deleteStoredBytes(service, [written.storageKey]);
    throw error;
  }
}
