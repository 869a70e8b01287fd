import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { ossRequestRollups as rollups } from '../tables.ts';

/** One request on a bucket, as the REST routes and the S3 API report it. */
export interface RecordedRequest {
  bucketId: string;
  /** The HTTP method, upper case. */
  method: string;
  /** Body bytes received (an upload) and sent (a download). */
  bytesIn: number;
  bytesOut: number;
  /** When it happened; now by default. */
  at?: Date;
}

interface Counts {
  bucketId: string;
  hour: Date;
  method: string;
  count: number;
  bytesIn: number;
  bytesOut: number;
}

/** How often the counters are written. */
export const FLUSH_EVERY_MS = 5_000;
/** Rows per upsert statement (6 parameters each, well under PostgreSQL's 65535). */
const ROWS_PER_STATEMENT = 1_000;

const HOUR_MS = 3_600_000;
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export type RequestRecorder = ReturnType<typeof createRequestRecorder>;

/**
 * Counts requests in memory per bucket, UTC hour and method, and adds them to oss_request_rollups
 * with one upsert every FLUSH_EVERY_MS and at close: never a database write per request. Counts of
 * a bucket deleted before the flush are dropped; a failed flush keeps its counts for the next one.
 */
export function createRequestRecorder(db: Db, options: { everyMs?: number; onError?: (error: unknown) => void } = {}) {
  let pending = new Map<string, Counts>();
  let flushing: Promise<void> = Promise.resolve();

  function add(counts: Counts) {
    const key = `${counts.bucketId}\u0000${counts.hour.getTime()}\u0000${counts.method}`;
    const held = pending.get(key);
    if (!held) pending.set(key, { ...counts });
    else {
      held.count += counts.count;
      held.bytesIn += counts.bytesIn;
      held.bytesOut += counts.bytesOut;
    }
  }

  async function write(batch: Counts[]) {
    for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
      const rows = batch
        .slice(start, start + ROWS_PER_STATEMENT)
        .map(
          (row) =>
            sql`(${row.bucketId}::uuid, ${row.hour.toISOString()}::timestamptz, ${row.method}, ${row.count}::bigint, ${row.bytesIn}::bigint, ${row.bytesOut}::bigint)`,
        );
      await db.execute(sql`
        insert into ${rollups} (bucket_id, hour, method, count, bytes_in, bytes_out)
          select v.* from (values ${sql.join(rows, sql`, `)}) as v(bucket_id, hour, method, count, bytes_in, bytes_out)
          where exists (select 1 from oss_buckets b where b.id = v.bucket_id)
        on conflict (bucket_id, hour, method) do update set
          count = ${rollups.count} + excluded.count,
          bytes_in = ${rollups.bytesIn} + excluded.bytes_in,
          bytes_out = ${rollups.bytesOut} + excluded.bytes_out`);
    }
  }

  /** Writes what was counted so far; flushes run one after another. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await write(batch);
      } catch (error) {
        for (const counts of batch) add(counts);
        throw error;
      }
    });
    const done = flushing;
    // The chain goes on after a failure; the caller of this flush hears of it.
    flushing = flushing.catch(() => undefined);
    return done;
  }

  const timer = setInterval(() => flush().catch((error: unknown) => options.onError?.(error)), options.everyMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    record(request: RecordedRequest): void {
      add({
        bucketId: request.bucketId,
        hour: hourOf(request.at ?? new Date()),
        method: request.method.toUpperCase(),
        count: 1,
        bytesIn: Math.max(0, request.bytesIn),
        bytesOut: Math.max(0, request.bytesOut),
      });
    },
    flush,
    /** Stops the timer and writes what is left (the module's close, before the database closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
