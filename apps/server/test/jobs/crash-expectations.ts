import { expect } from 'vitest';
import { keyOf, type CrashRun } from './crash-test.ts';

/** What the crash test asserts on either database, and the figures it reports. */
export function expectNothingLostNothingTwice(run: CrashRun, database: string) {
  console.log(
    `crash test on ${database}: ${run.jobs} jobs, killed after ${run.appliedAtKill} applied, ${run.duplicates} duplicate deliveries ` +
      `recognised by key (${run.calls} calls), ${run.attempts.expired} claims expired with the worker, ` +
      `${run.seconds.toFixed(1)} s (killed at ${run.secondsToKill.toFixed(1)} s)`,
  );
  expect(run.appliedAtKill).toBeGreaterThanOrEqual(3_000);
  expect(run.appliedAtKill).toBeLessThan(run.jobs);
  // Every key's effect applied at the peer, each exactly once (the peer applies a key once by construction).
  expect(run.applied.size).toBe(run.jobs);
  for (let n = 0; n < run.jobs; n++) if (!run.applied.has(keyOf(n))) expect.fail(`key ${keyOf(n)} was never delivered`);
  expect(run.calls).toBe(run.jobs + run.duplicates);
  // No job lost, every one done; every attempt recorded and closed, one success per job.
  expect(run.statuses).toEqual({ done: run.jobs });
  expect(run.attempts).toMatchObject({ open: 0, failed: 0, succeeded: run.jobs, jobsNotSucceededOnce: 0, uncounted: 0 });
  expect(run.attempts.total).toBe(run.jobs + run.attempts.expired);
}
