import type { Db } from '../db/client.ts';
import { recordSuccesses, type ClaimedJob } from './claims.ts';

/** Bounds one statement's JSON parameter. */
const MAX_BATCH = 500;

/**
 * Records successes as a group commit: a result waits for the rest of the current turn of the
 * event loop (the other handlers whose replies have arrived) and for the statement on its way, then
 * they all go in one. Under load one statement records many jobs (on the embedded database a
 * statement runs on this thread, so it is what a job costs); idle, a result is written at once.
 * Each call resolves when its job's result is stored.
 */
export function createSuccessRecorder(db: Db) {
  let queue: { job: ClaimedJob; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;

  async function flush() {
    while (queue.length > 0) {
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
    }
    flushing = false;
  }

  return (job: ClaimedJob) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (flushing) return;
      flushing = true;
      setImmediate(() => void flush());
    });
}
