/**
 * The S3 listener's lookups on every request, as statements prepared once per database (no query
 * building per request, and PostgreSQL plans them once per connection). A GET or HEAD of an object
 * reads its bucket and the object in one round trip.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { BucketRow } from '../buckets/levels.ts';
import { byteKey, type ObjectRow } from '../objects/rows.ts';
import { ossBuckets as buckets, ossObjects as objects } from '../tables.ts';

function prepare(db: Db) {
  const name = sql.placeholder('name');
  return {
    bucket: db.select().from(buckets).where(eq(buckets.name, name)).prepare('oss_s3_bucket'),
    bucketAndObject: db
      .select({ bucket: buckets, object: objects })
      .from(buckets)
      .leftJoin(objects, and(eq(objects.bucketId, buckets.id), sql`${byteKey} = ${sql.placeholder('key')}`))
      .where(eq(buckets.name, name))
      .prepare('oss_s3_bucket_object'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function statementsOf(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = prepare(db);
    prepared.set(db, statements);
  }
  return statements;
}

export async function bucketNamed(db: Db, name: string): Promise<BucketRow | undefined> {
  const [row] = await statementsOf(db).bucket.execute({ name });
  return row;
}

/** The bucket named so, with its object under `key` (undefined when there is none); undefined when there is no such bucket. */
export async function bucketWithObject(
  db: Db,
  name: string,
  key: string,
): Promise<{ bucket: BucketRow; object: ObjectRow | undefined } | undefined> {
  const [row] = await statementsOf(db).bucketAndObject.execute({ name, key });
  return row && { bucket: row.bucket, object: row.object ?? undefined };
}
