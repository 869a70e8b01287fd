import type { JobLog, JobRunner } from '../src/platform/jobs/runner.ts';

/** Job failures are what some tests provoke: nothing to print. */
export const quietLog: JobLog = { warn: () => undefined, error: () => undefined };

/**
 * Lets the runner work through what is due until `done` holds (jobs retried after a backoff come
 * due one after another). Bounded, so a job that never gets there fails the test instead of hanging it.
 */
export async function untilSettled(runner: JobRunner, done: () => Promise<boolean>, rounds = 1_000): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    if (await done()) return;
    await runner.settled();
  }
  throw new Error(`not done after ${rounds} rounds of due jobs`);
}
