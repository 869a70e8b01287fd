import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../db/client.ts';
import { jobs } from './tables.ts';

export interface NewJob {
  kind: string;
  /** Plain JSON: the handler gets it back as stored. */
  payload: unknown;
  /** What the outside system recognises a repeated delivery by; defaults to the job's id. */
  idempotencyKey?: string;
  /** Not before this time; default now. */
  runAt?: Date;
  /** Failures after which it parks, instead of the runner's limit. */
  maxFailures?: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters per statement. */
const ROWS_PER_STATEMENT = 1_000;

const rowOf = (job: NewJob) => {
  const id = randomUUID();
  return {
    id,
    kind: job.kind,
    payload: job.payload,
    idempotencyKey: job.idempotencyKey ?? id,
    runAt: job.runAt ?? new Date(),
    maxFailures: job.maxFailures ?? null,
  };
};

/**
 * Adds jobs in the caller's transaction: they exist only if it commits, and the runners wake when
 * it does (the insert trigger of migration 0010). A job whose kind and key exist already (queued or
 * done) is the same work and is not added again. Answers the ids of the jobs added.
 */
export async function enqueueMany(tx: Db, batch: readonly NewJob[]): Promise<string[]> {
  const added: string[] = [];
  for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
    const rows = batch.slice(start, start + ROWS_PER_STATEMENT).map(rowOf);
    const inserted = await tx.insert(jobs).values(rows).onConflictDoNothing().returning({ id: jobs.id });
    added.push(...inserted.map((row) => row.id));
  }
  return added;
}

/** One job in the caller's transaction (see enqueueMany); undefined when the same work exists already. */
export async function enqueue(tx: Db, job: NewJob): Promise<string | undefined> {
  const [id] = await enqueueMany(tx, [job]);
  return id;
}

/**
 * Adds one job per row of `rows` in the caller's transaction, in one statement however many there
 * are (a message to ten thousand people). `rows` selects `id` (uuid), `payload` (jsonb) and
 * `idempotency_key` (text). Existing work (same kind and key) is not added again; answers how many were.
 */
export async function enqueueSelected(tx: Db, jobsOf: { kind: string; maxFailures?: number; rows: SQL }): Promise<number> {
  const [row] = await rawRows<{ added: number }>(
    tx,
    sql`with added as (
      insert into jobs (id, kind, payload, idempotency_key, max_failures)
      select r.id, ${jobsOf.kind}, r.payload, r.idempotency_key, ${jobsOf.maxFailures ?? null}::integer from (${jobsOf.rows}) r
      on conflict do nothing
      returning 1
    ) select count(*)::int as added from added`,
  );
  return Number(row?.added ?? 0);
}
