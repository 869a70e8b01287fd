import { Readable } from 'node:stream';
import { CONVERSION_MAX_OBJECTS, OBJECT_KEY_MAX_BYTES, type Conversion, type ConversionStart } from '@portal/contracts';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { enqueueSelected, type JobHandler } from '../../../platform/jobs/index.ts';
import { jobs } from '../../../platform/jobs/tables.ts';
import { findBucket, type BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { checkKey } from '../objects/keys.ts';
import { putObject } from '../objects/put.ts';
import { byteKey, startingWith } from '../objects/rows.ts';
import { ossConversionItems as items, ossConversions as conversions, ossObjects as objects } from '../tables.ts';
import { createConversionJobHandler } from './conversion-job.ts';
import { renamedFor } from './image-formats.ts';
import { bucketImages } from './processed-download.ts';
import { definitionOf, processorCalled } from './store.ts';

export const CONVERSION_JOB = 'oss.processor-conversion';
/** How many failures a conversion's answer lists (all are counted). */
const FAILURES_SHOWN = 20;

/**
 * The target key SQL of each object: the rest of its key after the source prefix's folder, under
 * the target, renamed for a convert step's format. The folder, not the whole prefix: a prefix may
 * end inside a name (`photos/cat` takes `photos/cat.png` to `thumbs/cat.webp`, not `thumbs/.webp`).
 */
function targetKeySql(source: string, target: string, format: Parameters<typeof renamedFor>[1] | undefined) {
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  const rest = sql`substr(${objects.key}, ${[...folder].length + 1})`;
  if (!format) return sql`${target} || ${rest}`;
  const extension = renamedFor('', format);
  return sql`${target} || regexp_replace(${rest}, ${'(\\.[^./]*)?$'}, ${extension})`;
}

/**
 * Starts converting every object under `sourcePrefix` (folders aside) through the bucket's processor,
 * one job each, written under `targetPrefix`. Its steps are taken as they are now. The objects, the
 * conversion's rows and its jobs are written in one transaction; an object that is no image fails on
 * its own and is counted.
 */
export async function startConversion(service: OssService, bucket: BucketRow, userId: string, input: ConversionStart): Promise<Conversion> {
  const source = checkKey(input.sourcePrefix, 'prefix', 'body.sourcePrefix');
  const target = checkKey(input.targetPrefix, 'prefix', 'body.targetPrefix');
  if (source === target) {
    throw badRequest('The target prefix must differ from the source prefix: a conversion never overwrites what it reads', {
      field: 'body.targetPrefix',
    });
  }
  const processor = await processorCalled(service.db, bucket.id, input.processor, { field: 'body.processor' });
  const definition = definitionOf(processor);
  const format = definition.steps.findLast((step) => step.op === 'convert')?.format;
  // Folders are not converted, nor what lies under the target already (results of an earlier run into a folder of the source).
  const under = and(
    eq(objects.bucketId, bucket.id),
    sql`${byteKey} like ${startingWith(source)}`,
    sql`${byteKey} not like ${startingWith(target)}`,
    sql`${objects.key} not like '%/'`,
  );
  const id = await transaction(service.db, async (tx) => {
    const [found] = await tx.select({ n: count() }).from(objects).where(under);
    const total = found?.n ?? 0;
    if (total === 0) throw badRequest(`No object lies under '${source}'`, { field: 'body.sourcePrefix' });
    if (total > CONVERSION_MAX_OBJECTS) {
      throw badRequest(`'${source}' holds ${total} objects; a conversion takes at most ${CONVERSION_MAX_OBJECTS}`, {
        field: 'body.sourcePrefix',
      });
    }
    const [row] = await tx
      .insert(conversions)
      .values({ bucketId: bucket.id, processorName: processor.name, sourcePrefix: source, targetPrefix: target, startedBy: userId })
      .returning({ id: conversions.id });
    const conversionId = row!.id;
    const targetKey = targetKeySql(source, target, format);
    const tooLong = `The target key would be longer than ${OBJECT_KEY_MAX_BYTES} bytes`;
    await tx.execute(sql`insert into ${items} (id, conversion_id, source_key, target_key, state, error)
      select gen_random_uuid(), ${conversionId}, t.source, t.target,
        case when octet_length(t.target) > ${OBJECT_KEY_MAX_BYTES} then 'failed' else 'pending' end,
        case when octet_length(t.target) > ${OBJECT_KEY_MAX_BYTES} then ${tooLong} end
      from (select ${objects.key} as source, ${targetKey} as target from ${objects} where ${under}) t`);
    await enqueueSelected(tx, {
      kind: CONVERSION_JOB,
      maxFailures: 3,
      rows: sql`select i.id, jsonb_build_object('conversionId', i.conversion_id, 'bucket', ${bucket.id}::text,
          'source', i.source_key, 'target', i.target_key, 'processor', ${JSON.stringify(definition)}::jsonb) as payload,
          i.id::text as idempotency_key
        from ${items} i where i.conversion_id = ${conversionId} and i.state = 'pending'`,
    });
    return conversionId;
  });
  return conversionProgress(service.db, bucket.id, id);
}

/** A conversion with its counts; an object whose job was parked (storage kept failing) counts as failed. */
export async function conversionProgress(db: Db, bucketId: string, conversionId: string): Promise<Conversion> {
  const [conversion] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.id, conversionId), eq(conversions.bucketId, bucketId)));
  if (!conversion) throw notFound('The conversion');
  const failed = or(eq(items.state, 'failed'), and(eq(items.state, 'pending'), eq(jobs.status, 'parked')));
  const ofThis = eq(items.conversionId, conversionId);
  const [counts] = await db
    .select({
      total: count(),
      done: sql<number>`count(*) filter (where ${items.state} = 'done')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${failed})`.mapWith(Number),
    })
    .from(items)
    .leftJoin(jobs, eq(jobs.id, items.id))
    .where(ofThis);
  const failures = await db
    .select({ key: items.sourceKey, message: sql<string>`coalesce(${items.error}, ${jobs.lastError}, 'failed')` })
    .from(items)
    .leftJoin(jobs, eq(jobs.id, items.id))
    .where(and(ofThis, failed))
    .orderBy(asc(items.sourceKey))
    .limit(FAILURES_SHOWN);
  const { total = 0, done = 0, failed: failedCount = 0 } = counts ?? {};
  return {
    id: conversion.id,
    bucketId: conversion.bucketId,
    processor: conversion.processorName,
    sourcePrefix: conversion.sourcePrefix,
    targetPrefix: conversion.targetPrefix,
    state: done + failedCount >= total ? 'finished' : 'running',
    total,
    done,
    failed: failedCount,
    failures,
    createdAt: conversion.createdAt.toISOString(),
  };
}

/** Records how one object's job ended; only once, so a job run twice counts once. */
async function settleItem(db: Db, itemId: string, state: 'done' | 'failed', error?: string): Promise<void> {
  await db
    .update(items)
    .set({ state, error: error?.slice(0, 1_000) ?? null })
    .where(and(eq(items.id, itemId), eq(items.state, 'pending')));
}

/**
 * One object of a conversion (conversion-job.ts does the work). What can never succeed (no image, a
 * full bucket, a deleted bucket) fails the object; anything else (storage down) is retried by the runner.
 */
export function conversionJob(service: OssService): JobHandler {
  const convert = createConversionJobHandler({
    readObject: (bucketId, key) => bucketImages(service, bucketId)(key),
    writeObject: async (bucketId, key, result) => {
      const bucket = await findBucket(service, bucketId);
      await putObject(service, bucket, { key, body: Readable.from([result.body]), declaredType: result.contentType });
    },
    progress: () => undefined,
    refused: (jobId, error) => settleItem(service.db, jobId, 'failed', error.message),
  });
  return async (job) => {
    try {
      await convert(job);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return settleItem(service.db, job.jobId, 'failed', error.message);
      throw error;
    }
    await settleItem(service.db, job.jobId, 'done');
  };
}
