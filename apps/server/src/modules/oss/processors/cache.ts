import type { ProcessorDefinition } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { enqueue, type JobHandler } from '../../../platform/jobs/index.ts';
import type { OssService } from '../context.ts';
import { findObject, type ObjectRow } from '../objects/rows.ts';
import { ossObjects as objects, ossProcessors as processors } from '../tables.ts';
import { processorCacheKey, watermarkKeys } from './cache-key.ts';
import { isCanonicalUuid } from '../../../platform/uuid.ts';

/**
 * Results of processed downloads, in object storage at `oss/processed/<bucket>/<processor>/<object>-<key>`
 * (the start-up reclaim of interrupted writes covers them). The key (cache-key.ts) hashes the object's
 * ETag, the steps and the watermarks' ETags, so a changed object, processor or watermark is a new key:
 * a stale result is never read again. A sweep (a job) removes the unreachable ones.
 */
export const CACHE_SWEEP_JOB = 'oss.processor-cache-sweep';
const CACHE_ROOT = 'oss/processed';
export const cacheStorageKey = (bucketId: string, processorId: string, objectId: string, cacheKey: string) =>
  `${CACHE_ROOT}/${bucketId}/${processorId}/${objectId}-${cacheKey}`;

/** The cache key of `definition` over `source`, with the ETags of the bucket's watermark objects it reads. */
export async function cacheKeyFor(db: Db, bucketId: string, definition: ProcessorDefinition, source: ObjectRow): Promise<string> {
  const watermarks: Record<string, string> = {};
  for (const key of watermarkKeys(definition)) {
    const mark = await findObject(db, bucketId, key);
    if (mark) watermarks[key] = mark.etag;
  }
  return processorCacheKey({ source: source.etag, definition, watermarks });
}

const nextHour = () => new Date(Math.floor(Date.now() / 3_600_000 + 1) * 3_600_000);

/**
 * Queues a sweep of the bucket's cache: now (in the transaction of a processor's change), or at the
 * next full hour (after a result is cached; one job a bucket an hour, however many results).
 */
export function enqueueCacheSweep(db: Db, bucketId: string, when: 'now' | 'next-hour' = 'now') {
  const runAt = when === 'now' ? undefined : nextHour();
  return enqueue(db, {
    kind: CACHE_SWEEP_JOB,
    payload: { bucketId },
    ...(runAt ? { runAt, idempotencyKey: `${bucketId}@${runAt.toISOString()}` } : {}),
  });
}

/** Parses `oss/processed/<bucket>/<processor>/<object>-<key>`; undefined for a name the cache does not write. */
function entryOf(storageKey: string) {
  const [, , , processorId = '', name = ''] = storageKey.split('/');
  const objectId = name.slice(0, 36);
  const cacheKey = name.slice(37);
  return isCanonicalUuid(processorId) && isCanonicalUuid(objectId) && /^[0-9a-f]{64}$/.test(cacheKey)
    ? { processorId, objectId, cacheKey }
    : undefined;
}

/**
 * Removes the bucket's cached results nobody can reach any more: of a deleted processor or object,
 * of old steps, an old object or old watermarks. Answers how many were removed and kept.
 */
export async function sweepBucketCache(service: OssService, bucketId: string): Promise<{ removed: number; kept: number }> {
  const { objects: stored } = await service.storage.listOlderThan(`${CACHE_ROOT}/${bucketId}`, new Date());
  const entries = stored.map((key) => ({ key, entry: entryOf(key) }));
  const objectIds = [...new Set(entries.flatMap(({ entry }) => (entry ? [entry.objectId] : [])))];
  const rows = objectIds.length
    ? await service.db
        .select()
        .from(objects)
        .where(and(eq(objects.bucketId, bucketId), inArray(objects.id, objectIds)))
    : [];
  const objectById = new Map(rows.map((row) => [row.id, row]));
  const processorRows = await service.db.select().from(processors).where(eq(processors.bucketId, bucketId));
  const processorById = new Map(processorRows.map((row) => [row.id, { name: row.name, steps: row.definition.steps }]));
  const stale: string[] = [];
  for (const { key, entry } of entries) {
    const source = entry && objectById.get(entry.objectId);
    const definition = entry && processorById.get(entry.processorId);
    const current = source && definition && (await cacheKeyFor(service.db, bucketId, definition, source));
    if (current !== entry?.cacheKey) stale.push(key);
  }
  await Promise.allSettled(stale.map((key) => service.storage.delete(key)));
  return { removed: stale.length, kept: entries.length - stale.length };
}

/** The sweep job: while results remain cached, the bucket is swept again the next hour (deleted objects' go then). */
export const cacheSweepJob =
  (service: OssService): JobHandler =>
  async (job) => {
    const { bucketId } = job.payload as { bucketId: string };
    if (typeof bucketId !== 'string' || !isCanonicalUuid(bucketId)) return;
    const { kept } = await sweepBucketCache(service, bucketId);
    if (kept > 0) await enqueueCacheSweep(service.db, bucketId, 'next-hour');
  };
