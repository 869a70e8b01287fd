import type { PGlite } from '@electric-sql/pglite';

/** Recorded results between two tidy-ups: a few per 10,000 jobs, each well under a second. */
const RESULTS_PER_TIDY = 2_000;

/**
 * PGlite runs no autovacuum: nothing removes the dead row versions each claim and result leave in
 * the jobs tables, nor refreshes the planner's statistics, and a claim planned on stale statistics
 * sorts every due row instead of reading the due index in order. On the embedded database the
 * runner does that upkeep itself, at start when jobs are waiting and after every RESULTS_PER_TIDY results.
 */
export function createEmbeddedUpkeep(pglite: PGlite) {
  let results = 0;
  const tidy = async () => {
    results = 0;
    await pglite.exec('vacuum (analyze) jobs, job_attempts');
  };
  return {
    tidy,
    counted(count = 1) {
      results += count;
    },
    /** Tidies when enough results have been recorded since the last time. */
    async tidyIfDue() {
      if (results >= RESULTS_PER_TIDY) await tidy();
    },
  };
}
