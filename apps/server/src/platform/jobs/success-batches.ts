import type { Db } from '../db/client.ts';
import { recordSuccesses, type ClaimedJob } from './claims.ts';

/** Bounds one statement's JSON parameter. */
const MAX_BATCH = 500;

/**
 * How long a result waits for others to share its statement. A job's slot is already free while
 * it waits (runner.ts), so the window costs no throughput; it only delays the `done` mark.
 */
const GROUP_WINDOW_MS = 20;

/**
 * Records successes as a group commit: a result waits up to GROUP_WINDOW_MS (and for the statement
 * on its way) for the results of other handlers, then they all go in one statement and one commit.
 * Under load one statement records many jobs instead of a few per commit's flush (on the embedded
 * database a statement runs on this thread, so it is what a job costs).
 * Each call resolves when its job's result is stored.
 */
export function createSuccessRecorder(db: Db) {
  let queue: { job: ClaimedJob; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;

  /** One statement for what has gathered; what arrives meanwhile gathers for the next window. */
  async function flush() {
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    try {
      await recordSuccesses(
        db,
        batch.map((entry) => entry.job),
      );
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
    if (queue.length > 0) schedule();
    else flushing = false;
  }

  function schedule() {
    flushing = true;
    setTimeout(() => void flush(), GROUP_WINDOW_MS);
  }

  return (job: ClaimedJob) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (!flushing) schedule();
    });
}
