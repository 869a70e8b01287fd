import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from './tables.ts';
import { announceJobsDue } from './wake.ts';

/** The parked jobs, newest first, with the error that parked them (for an operator's view). */
export function parkedJobs(db: Db, limit = 100) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      idempotencyKey: jobs.idempotencyKey,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      parkedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.status, 'parked'))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

/**
 * An operator sends a parked job round again: due now, with a fresh allowance of failures. Its
 * attempts keep counting, so the earlier ones stay on record. False when it is not parked.
 */
export async function retryParkedJob(db: Db, jobId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const retried = await tx
      .update(jobs)
      .set({ status: 'pending', failures: 0, runAt: sql`now()`, finishedAt: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'parked')))
      .returning({ id: jobs.id });
    if (retried.length > 0) await announceJobsDue(tx);
    return retried.length > 0;
  });
}
