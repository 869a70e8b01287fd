import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (ARCHITECTURE.md "Data"): a job row is written in the same transaction
 * as the change that causes it, so it exists exactly when that change committed. Runners claim due
 * rows with FOR UPDATE SKIP LOCKED (see claims.ts); every claim is one row of job_attempts.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const JOB_STATUSES = ['pending', 'running', 'done', 'parked'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    /** Names the handler that runs it (registered by whoever owns the work). */
    kind: text('kind').notNull(),
    /** The handler's input. Cleared when the job is done: payloads may carry secrets (a code in a mail). */
    payload: jsonb('payload'),
    /** Travels to the outside system, so a repeated delivery is recognised there. Defaults to the id. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    /**
     * When the job is next due. While it runs, the end of its claim's lease: a worker renews it as it
     * goes, so a job whose worker died becomes due again by itself.
     */
    runAt: at('run_at').notNull().defaultNow(),
    /** Claims so far; numbers the attempts and fences a late result from an expired claim. */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since it was enqueued or last retried by an operator; parks it at the limit. */
    failures: integer('failures').notNull().default(0),
    /** This job's own failure limit (a message channel's attempt limit); the runner's when null. */
    maxFailures: integer('max_failures'),
    /** The runner holding the current claim. */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    // Enqueueing the same work twice (same kind and key) is one job.
    uniqueIndex('jobs_kind_key_idx').on(t.kind, t.idempotencyKey),
    // The claim: due rows, oldest first, never scanning finished ones.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_parked_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'parked'`),
  ],
);

export const JOB_OUTCOMES = ['succeeded', 'failed', 'expired'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** One row per claim of a job: open (no outcome) while it runs; 'expired' when its worker's lease ran out. */
export const jobAttempts = pgTable(
  'job_attempts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    worker: text('worker').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    outcome: text('outcome', { enum: JOB_OUTCOMES }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.attempt] })],
);
