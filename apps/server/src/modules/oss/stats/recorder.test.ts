import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { makeUser } from '../../../../test/factories/identity.ts';
import { ossDataDir, ossUser, putBytes } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import type { Db } from '../../../platform/db/client.ts';
import { ossBuckets, ossRequestRollups as rollups } from '../tables.ts';
import { createRequestRecorder } from './recorder.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });
/** A recorder whose timer never fires within a test: flushes happen when the test asks. */
const manual = (db: Db) => createRequestRecorder(db, { everyMs: 3_600_000 });

async function newBucket(db: Db, name: string) {
  const owner = await makeUser(t);
  const [bucket] = await db.insert(ossBuckets).values({ name, ownerId: owner.id }).returning();
  return bucket!.id;
}
const rowsOf = (db: Db, bucketId: string) =>
  db.select().from(rollups).where(eq(rollups.bucketId, bucketId)).orderBy(rollups.hour, rollups.method);

describe('request recorder', () => {
  it('adds requests up per bucket, UTC hour and method, and a second flush to the same hour adds to the first', async () => {
    const db = t.database.db;
    const bucketId = await newBucket(db, 'recorder-adds');
    const recorder = manual(db);
    const at = new Date('2026-03-04T10:15:00Z');
    recorder.record({ bucketId, method: 'get', bytesIn: 0, bytesOut: 100, at });
    recorder.record({ bucketId, method: 'GET', bytesIn: 0, bytesOut: 50, at: new Date('2026-03-04T10:59:59.999Z') });
    recorder.record({ bucketId, method: 'PUT', bytesIn: 7, bytesOut: 0, at });
    recorder.record({ bucketId, method: 'GET', bytesIn: 0, bytesOut: 1, at: new Date('2026-03-04T11:00:00Z') });
    expect(await rowsOf(db, bucketId)).toEqual([]);
    await recorder.flush();
    recorder.record({ bucketId, method: 'GET', bytesIn: 3, bytesOut: 1_000, at });
    await recorder.flush();
    await recorder.flush();
    const hour = new Date('2026-03-04T10:00:00Z');
    expect(await rowsOf(db, bucketId)).toEqual([
      { bucketId, hour, method: 'GET', count: 3, bytesIn: 3, bytesOut: 1_150 },
      { bucketId, hour, method: 'PUT', count: 1, bytesIn: 7, bytesOut: 0 },
      { bucketId, hour: new Date('2026-03-04T11:00:00Z'), method: 'GET', count: 1, bytesIn: 0, bytesOut: 1 },
    ]);
    await recorder.close();
  });

  it('writes what is left at close, and drops the counts of a bucket deleted meanwhile without losing the others', async () => {
    const db = t.database.db;
    const kept = await newBucket(db, 'recorder-kept');
    const gone = await newBucket(db, 'recorder-gone');
    const recorder = manual(db);
    recorder.record({ bucketId: kept, method: 'DELETE', bytesIn: 0, bytesOut: 0 });
    recorder.record({ bucketId: gone, method: 'GET', bytesIn: 0, bytesOut: 9 });
    await db.delete(ossBuckets).where(eq(ossBuckets.id, gone));
    await recorder.close();
    expect(await rowsOf(db, kept)).toMatchObject([{ method: 'DELETE', count: 1 }]);
    expect(await rowsOf(db, gone)).toEqual([]);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const db = t.database.db;
    const bucketId = await newBucket(db, 'recorder-retry');
    const recorder = manual(db);
    recorder.record({ bucketId, method: 'GET', bytesIn: 0, bytesOut: 5 });
    // The table out of reach for a moment (this test file's own database).
    await db.execute(sql`alter table oss_request_rollups rename to oss_request_rollups_away`);
    await expect(recorder.flush()).rejects.toThrow();
    await db.execute(sql`alter table oss_request_rollups_away rename to oss_request_rollups`);
    recorder.record({ bucketId, method: 'GET', bytesIn: 0, bytesOut: 6 });
    await recorder.close();
    expect(await rowsOf(db, bucketId)).toMatchObject([{ method: 'GET', count: 2, bytesOut: 11 }]);
  });
});

describe('requests through the REST routes', () => {
  it('are counted by method with their bytes, and written when the server closes', async () => {
    const own = await buildTestApp({ DATA_DIR: dataDir });
    const owner = await ossUser(own);
    const admin = owner.as;
    const [bucket] = await own.database.db.insert(ossBuckets).values({ name: 'recorded-rest', ownerId: owner.id }).returning();
    const bucketId = bucket!.id;
    expect((await putBytes(admin, bucketId, 'a.txt', 'hello')).statusCode).toBe(200);
    expect(
      (await admin({ method: 'GET', url: `/v1/buckets/${bucketId}/files?key=a.txt`, headers: { range: 'bytes=1-2' } })).statusCode,
    ).toBe(206);
    expect((await admin({ method: 'GET', url: `/v1/buckets/${bucketId}/fs` })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `/v1/buckets/${bucketId}/files?key=a.txt` })).statusCode).toBe(200);
    // Refused requests are not counted.
    expect((await admin({ method: 'GET', url: `/v1/buckets/${bucketId}/files?key=missing` })).statusCode).toBe(404);
    await own.app.close();
    const rows = await own.database.db
      .select({ method: rollups.method, count: rollups.count, bytesIn: rollups.bytesIn, bytesOut: rollups.bytesOut })
      .from(rollups)
      .where(eq(rollups.bucketId, bucketId))
      .orderBy(rollups.method);
    await own.events.close();
    await own.database.close();
    expect(rows).toEqual([
      { method: 'DELETE', count: 1, bytesIn: 0, bytesOut: 0 },
      { method: 'GET', count: 2, bytesIn: 0, bytesOut: 2 },
      { method: 'PUT', count: 1, bytesIn: 5, bytesOut: 0 },
    ]);
  });
});
