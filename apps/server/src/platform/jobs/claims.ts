import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../db/client.ts';
import { preparedRows } from '../db/prepared.ts';

/** A job as its worker holds it: `attempt` numbers this claim and fences its result. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  idempotencyKey: string;
  attempt: number;
  /** Failures before this attempt (since enqueued or last retried). */
  failures: number;
  /** Its own failure limit, when it has one. */
  maxFailures: number | null;
}

export interface ClaimOptions {
  worker: string;
  kinds: readonly string[];
  limit: number;
  leaseMs: number;
  /** A job parks when its failures reach this. */
  maxFailures: number;
}

const EXPIRED = 'the worker running it stopped before recording a result (its claim expired)';
const millis = (ms: number) => sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
const kindIn = (kinds: readonly string[]) =>
  sql`kind in (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;

/**
 * Claims up to `limit` due jobs in one statement (its own short transaction): rows another runner
 * holds are skipped, not waited for. A due row still marked running is a claim whose lease ran
 * out (its worker died): that attempt is closed as expired and counts as a failure, which may park
 * the job instead of running it again. Each claim opens its attempt row.
 */
export async function claimDueJobs(db: Db, options: ClaimOptions): Promise<ClaimedJob[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const { worker, maxFailures } = options;
  return preparedRows<ClaimedJob>(
    db,
    sql`
    with due as (
      select id, status = 'running' as expired, status = 'running' and failures + 1 >= coalesce(max_failures, ${maxFailures}) as exhausted
      from jobs
      where status in ('pending', 'running') and run_at <= now() and ${kindIn(options.kinds)}
      order by run_at
      limit ${options.limit}
      for update skip locked
    ), claimed as (
      update jobs j set
        status = case when due.exhausted then 'parked' else 'running' end,
        attempts = j.attempts + case when due.exhausted then 0 else 1 end,
        failures = j.failures + due.expired::integer,
        run_at = now() + ${millis(options.leaseMs)},
        claimed_by = case when due.exhausted then null else ${worker} end,
        last_error = case when due.expired then ${EXPIRED} else j.last_error end,
        finished_at = case when due.exhausted then now() end
      from due where j.id = due.id
      returning j.id, j.kind, j.payload, j.idempotency_key, j.attempts, j.failures, j.max_failures, j.status
    ), closed as (
      update job_attempts a set finished_at = now(), outcome = 'expired', error = ${EXPIRED}
      from due where a.job_id = due.id and due.expired and a.finished_at is null
    ), opened as (
      insert into job_attempts (job_id, attempt, worker)
      select id, attempts, ${worker} from claimed where status = 'running'
    )
    select id, kind, payload, idempotency_key as "idempotencyKey", attempts as attempt, failures, max_failures as "maxFailures"
    from claimed where status = 'running'`,
  );
}

/** Fenced by the attempt: a result from a claim that expired and was taken over changes nothing but its attempt row. */
function finishFailed(db: Db, job: ClaimedJob, error: string, change: SQL) {
  return db.execute(sql`
    with attempt as (
      update job_attempts set finished_at = now(), outcome = 'failed', error = ${error}
      where job_id = ${job.id} and attempt = ${job.attempt}
    )
    update jobs set ${change}, claimed_by = null
    where id = ${job.id} and attempts = ${job.attempt} and status = 'running'`);
}

/**
 * Records successes in one statement, fenced per job like `finish`. The payload goes: the work is
 * done, and payloads may hold secrets.
 */
export async function recordSuccesses(db: Db, done: readonly ClaimedJob[]): Promise<void> {
  if (done.length === 0) return;
  // One JSON parameter, whatever the batch's size, the same on both drivers.
  const rows = JSON.stringify(done.map((job) => ({ id: job.id, attempt: job.attempt })));
  await preparedRows(
    db,
    sql`
    with done as (select * from jsonb_to_recordset(${rows}::jsonb) as d(id uuid, attempt integer)),
    -- \`id = any(array(…))\` looks rows up by key, whatever the planner believes of the tables' sizes
    -- (the embedded database is never analysed on its own: PGlite runs no autovacuum).
    attempt as (
      update job_attempts a set finished_at = now(), outcome = 'succeeded', error = null
      from done where a.job_id = any(array(select id from done)) and a.job_id = done.id and a.attempt = done.attempt
    )
    update jobs j set status = 'done', payload = null, finished_at = now(), claimed_by = null
    from done where j.id = any(array(select id from done)) and j.id = done.id and j.attempts = done.attempt and j.status = 'running'`,
  );
}

export const recordSuccess = (db: Db, job: ClaimedJob) => recordSuccesses(db, [job]);

/** Due again after `retryInMs`, or parked once its failures reach `maxFailures`. */
export function recordFailure(db: Db, job: ClaimedJob, failure: { error: string; retryInMs: number; maxFailures: number }) {
  const parks = job.failures + 1 >= failure.maxFailures;
  return finishFailed(
    db,
    job,
    failure.error,
    sql`status = ${parks ? 'parked' : 'pending'}, failures = failures + 1, last_error = ${failure.error},
      run_at = now() + ${millis(parks ? 0 : failure.retryInMs)}, finished_at = ${parks ? sql`now()` : null}`,
  );
}

/** Pushes back the lease of the jobs this worker is still running, so nobody else takes them over. */
export async function renewLeases(db: Db, worker: string, jobIds: readonly string[], leaseMs: number): Promise<void> {
  if (jobIds.length === 0) return;
  await db.execute(sql`
    update jobs set run_at = now() + ${millis(leaseMs)}
    where status = 'running' and claimed_by = ${worker} and id in (${sql.join(
      jobIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Milliseconds until the next of these kinds is due (0 if one is due now); undefined when none is waiting. */
export async function nextDueInMs(db: Db, kinds: readonly string[]): Promise<number | undefined> {
  if (kinds.length === 0) return undefined;
  const [row] = await rawRows<{ ms: number | string | null }>(
    db,
    // Not greatest(0, …) around the whole: PostgreSQL's greatest skips nulls, so "none waiting" would read as "due now".
    sql`select greatest(0, extract(epoch from due - now()) * 1000) as ms
      from (select min(run_at) as due from jobs where status in ('pending', 'running') and ${kindIn(kinds)}) next
      where due is not null`,
  );
  return row?.ms === null || row?.ms === undefined ? undefined : Number(row.ms);
}

/**
 * Makes every running claim due at once. Only for the embedded database, which one process owns:
 * at its start, any claim left running belongs to a process that is gone.
 */
export async function expireAllClaims(db: Db): Promise<void> {
  await db.execute(sql`update jobs set run_at = now() where status = 'running'`);
}
