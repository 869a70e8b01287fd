import type { StoredObject } from '@portal/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { ossObjects as objects } from '../tables.ts';

export type ObjectRow = typeof objects.$inferSelect;

/** Keys compare and sort by their bytes (collate "C"), as S3 has them, and as the unique index is built. */
export const byteKey = sql`${objects.key} collate "C"`;
export const keyIs = (bucketId: string, key: string): SQL => and(eq(objects.bucketId, bucketId), sql`${byteKey} = ${key}`) as SQL;

/** `LIKE` pattern of the keys starting with `prefix`. */
export const startingWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toStoredObject = (row: ObjectRow): StoredObject => ({
  key: row.key,
  size: row.size,
  contentType: row.contentType,
  etag: row.etag,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findObject(db: Db, bucketId: string, key: string): Promise<ObjectRow | undefined> {
  const [row] = await db.select().from(objects).where(keyIs(bucketId, key));
  return row;
}

export async function objectAt(db: Db, bucketId: string, key: string): Promise<ObjectRow> {
  const row = await findObject(db, bucketId, key);
  if (!row) throw notFound('The object');
  return row;
}
