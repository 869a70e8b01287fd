import { Readable } from 'node:stream';
import type { StoredObject } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossBuckets as buckets, ossObjects as objects } from '../tables.ts';
import { checkKey } from './keys.ts';
import { putObject } from './put.ts';
import { byteKey, keyIs, objectAt, startingWith } from './rows.ts';
import { deleteStoredBytes } from './stored-bytes.ts';

const under = (bucketId: string, folder: string) => and(eq(objects.bucketId, bucketId), sql`${byteKey} like ${startingWith(folder)}`);

/** A folder: an empty object whose key ends in '/'; 409 when it exists. */
export async function createFolder(service: OssService, bucket: BucketRow, key: string): Promise<StoredObject> {
  checkKey(key, 'folder', 'body.key');
  const [taken] = await service.db.select({ id: objects.id }).from(objects).where(keyIs(bucket.id, key));
  if (taken) throw new AppError('CONFLICT', 'The folder exists', { field: 'key' });
  return putObject(service, bucket, { key, body: Readable.from([]), folder: true });
}

/**
 * Deletes an object, or a folder with nothing under it (409 otherwise); its bytes go after the row.
 * The S3 API deletes a folder's marker alone, as S3 does (`folderMustBeEmpty: false`).
 */
export async function deleteObject(
  service: OssService,
  bucket: BucketRow,
  key: string,
  { folderMustBeEmpty = true }: { folderMustBeEmpty?: boolean } = {},
): Promise<void> {
  checkKey(key, 'any', 'key');
  const row = await objectAt(service.db, bucket.id, key);
  if (folderMustBeEmpty && key.endsWith('/')) {
    const [inside] = await service.db
      .select({ id: objects.id })
      .from(objects)
      .where(and(under(bucket.id, key), sql`${byteKey} <> ${key}`))
      .limit(1);
    if (inside) throw new AppError('CONFLICT', 'The folder is not empty', { field: 'key' });
  }
  await service.db.delete(objects).where(eq(objects.id, row.id));
  await deleteStoredBytes(service, [row.storageKey]);
}

/**
 * Renames or moves an object (same bytes, new key), or a folder with every key under it, in one
 * statement; a key already taken at the destination answers 409 and nothing moves.
 */
export async function renameObject(service: OssService, bucket: BucketRow, from: string, to: string): Promise<number> {
  const folder = from.endsWith('/');
  checkKey(from, folder ? 'folder' : 'file', 'body.from');
  checkKey(to, folder ? 'folder' : 'file', 'body.to');
  if (from === to) throw badRequest('The new key is the old one', { field: 'body.to' });
  if (folder && to.startsWith(from)) throw badRequest('A folder cannot move into itself', { field: 'body.to' });
  const moved = sql`${to} || substr(${objects.key}, ${[...from].length + 1})`;
  return transaction(service.db, async (tx) => {
    // Under the bucket's lock, as puts are: no key can be taken between the check and the move.
    await tx.select({ id: buckets.id }).from(buckets).where(eq(buckets.id, bucket.id)).for('update');
    const scope = folder ? under(bucket.id, from) : keyIs(bucket.id, from);
    const [counted] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        tooLong: sql<boolean>`coalesce(bool_or(octet_length(${moved}) > 1024), false)`,
        taken: sql<boolean>`coalesce(bool_or(exists (select 1 from ${objects} o where o.bucket_id = ${bucket.id}
          and o.key collate "C" = ${moved})), false)`,
      })
      .from(objects)
      .where(scope);
    if (!counted || counted.n === 0) throw notFound(folder ? 'The folder' : 'The object');
    if (counted.tooLong) throw badRequest('A moved key would be longer than 1024 bytes', { field: 'body.to' });
    if (counted.taken) throw new AppError('CONFLICT', 'A key at the destination is taken', { field: 'body.to' });
    const rows = await tx.update(objects).set({ key: moved, updatedAt: new Date() }).where(scope).returning({ id: objects.id });
    return rows.length;
  });
}
