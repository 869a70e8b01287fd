import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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
 * An operator sends parked jobs round again: due now, with a fresh allowance of failures. Their
 * attempts keep counting, so the earlier ones stay on record. Answers how many were parked (the others are left as they are).
 */
export async function retryParkedJobs(db: Db, jobIds: readonly string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const retried = await tx
      .update(jobs)
      .set({ status: 'pending', failures: 0, runAt: sql`now()`, finishedAt: null })
      .where(and(inArray(jobs.id, [...jobIds]), eq(jobs.status, 'parked')))
      .returning({ id: jobs.id });
    if (retried.length > 0) await announceJobsDue(tx);
    return retried.length;
  });
}

/** One parked job round again (see retryParkedJobs); false when it is not parked. */
export const retryParkedJob = async (db: Db, jobId: string): Promise<boolean> => (await retryParkedJobs(db, [jobId])) > 0;
