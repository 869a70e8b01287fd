import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events.ts';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff.ts';
import { claimDueJobs, expireAllClaims, nextDueInMs, recordFailure, renewLeases, type ClaimedJob } from './claims.ts';
import { createEmbeddedUpkeep } from './embedded-upkeep.ts';
import { createSignal } from './signal.ts';
import { createSuccessRecorder } from './success-batches.ts';
import { onJobsDue } from './wake.ts';

/** What a handler is given. It passes `idempotencyKey` to the outside system: a job may run more than once. */
export interface JobContext {
  jobId: string;
  payload: unknown;
  idempotencyKey: string;
  /** 1 on the first attempt. */
  attempt: number;
}

/** Resolves when the work is done; a rejection is a failed attempt, retried later. */
export type JobHandler = (job: JobContext) => Promise<void>;

/** The part of Fastify's (pino's) logger the runner writes to. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  database: Database;
  events: EventBus;
  log: JobLog;
  /** Jobs run at once by this runner (one instance). */
  concurrency?: number;
  /** How long a claim holds without renewal; a worker that dies releases its jobs after this. */
  leaseMs?: number;
  /** Looks for due jobs at least this often, whatever the notifications say. */
  pollMs?: number;
  /** Failures after which a job is parked for an operator. */
  maxFailures?: number;
  backoff?: BackoffPolicy;
  /** How long stopping waits for running handlers before leaving their claims to expire. */
  stopTimeoutMs?: number;
}

export interface JobRunner {
  /** Who runs jobs of a kind; only registered kinds are claimed by this instance. */
  register(kind: string, handler: JobHandler): void;
  start(): Promise<void>;
  /** Finishes the running handlers (within stopTimeoutMs) and records their results. */
  stop(): Promise<void>;
  /** Resolves once every job due when called has been run and recorded (tests, shutdown checks). */
  settled(): Promise<void>;
}

export const JOB_DEFAULTS = { concurrency: 64, leaseMs: 30_000, pollMs: 5_000, maxFailures: 8, stopTimeoutMs: 10_000 };

/** Error text kept per attempt: enough to diagnose, bounded so a huge message cannot bloat the table. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2_000) || 'failed';

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, log } = options;
  const concurrency = options.concurrency ?? JOB_DEFAULTS.concurrency;
  const leaseMs = options.leaseMs ?? JOB_DEFAULTS.leaseMs;
  const pollMs = options.pollMs ?? JOB_DEFAULTS.pollMs;
  const maxFailures = options.maxFailures ?? JOB_DEFAULTS.maxFailures;
  const stopTimeoutMs = options.stopTimeoutMs ?? JOB_DEFAULTS.stopTimeoutMs;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const db = database.db;
  const worker = randomUUID();
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, Promise<void>>();
  /** Results on their way to the database. */
  const storing = new Set<Promise<void>>();
  const signal = createSignal();
  const recordSuccess = createSuccessRecorder(db);
  const upkeep = database.pglite ? createEmbeddedUpkeep(database.pglite) : undefined;
  // Claims are numbered so `settled` waits for one that began after it was asked.
  let claimsStarted = 0;
  let settleWaiters: { after: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  let stopping = false;
  let loopDone: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Runs the handler; the job's slot is free once it returns, while its result is still being stored. */
  async function runHandler(job: ClaimedJob): Promise<string | undefined> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      await handler({ jobId: job.id, payload: job.payload, idempotencyKey: job.idempotencyKey, attempt: job.attempt });
      return undefined;
    } catch (error) {
      return errorText(error);
    }
  }

  async function recordResult(job: ClaimedJob, failure: string | undefined) {
    try {
      upkeep?.counted();
      if (failure === undefined) await recordSuccess(job);
      else {
        const retryInMs = retryDelayMs(job.failures + 1, backoff);
        const limit = job.maxFailures ?? maxFailures;
        await recordFailure(db, job, { error: failure, retryInMs, maxFailures: limit });
        const parked = job.failures + 1 >= limit;
        log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempt, error: failure },
          parked ? 'job parked' : 'job failed; retried later',
        );
      }
    } catch (error) {
      // The claim is left to expire: the job runs again, and its idempotency key makes that safe.
      log.error({ err: error, jobId: job.id }, 'recording a job result failed');
    }
  }

  /**
   * A claimed job holds a slot while its handler runs. Its result is stored after: successes are
   * group-committed (success-batches.ts), and a slot waiting for that statement would leave the
   * outside system idle while many results could share it. The claim stays `running` meanwhile,
   * so nobody else takes the job.
   */
  function launch(job: ClaimedJob) {
    const handled = runHandler(job);
    running.set(
      job.id,
      handled.then(() => undefined),
    );
    const stored = handled
      .then((failure) => {
        running.delete(job.id);
        signal.raise();
        return recordResult(job, failure);
      })
      .finally(() => {
        storing.delete(stored);
        signal.raise();
      });
    storing.add(stored);
  }

  function resolveSettled(claim: number) {
    const ready = settleWaiters.filter((waiter) => waiter.after < claim);
    settleWaiters = settleWaiters.filter((waiter) => waiter.after >= claim);
    for (const waiter of ready) waiter.resolve();
  }

  async function loop() {
    while (!stopping) {
      try {
        const free = concurrency - running.size;
        // Claim in batches: a claim per finished job would double the statements per job.
        if (free < Math.ceil(concurrency / 2)) {
          await signal.wait(pollMs);
          continue;
        }
        await upkeep?.tidyIfDue();
        const claim = ++claimsStarted;
        const kinds = [...handlers.keys()];
        const claimed = await claimDueJobs(db, { worker, kinds, limit: free, leaseMs, maxFailures });
        for (const job of claimed) launch(job);
        if (claimed.length > 0) continue;
        if (running.size === 0 && storing.size === 0) resolveSettled(claim);
        const dueIn = await nextDueInMs(db, kinds);
        // A job due now that was not claimed is being claimed by another runner: look again shortly.
        await signal.wait(Math.min(pollMs, Math.max(dueIn ?? pollMs, 10)));
      } catch (error) {
        if (stopping) break;
        log.error({ err: error }, 'claiming jobs failed');
        await signal.wait(pollMs);
      }
    }
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`jobs of kind "${kind}" already have a handler`);
      handlers.set(kind, handler);
      signal.raise();
    },

    async start() {
      if (loopDone) return;
      // The embedded database belongs to this process alone: claims left running are a dead process's.
      if (database.kind === 'pglite') await expireAllClaims(db);
      // Only with work waiting: an empty outbox (most starts, every test app) needs no statistics.
      if (upkeep && (await nextDueInMs(db, [...handlers.keys()])) !== undefined) await upkeep.tidy();
      stopListening = await onJobsDue(database, options.events, () => signal.raise());
      heartbeat = setInterval(() => {
        renewLeases(db, worker, [...running.keys()], leaseMs).catch((error: unknown) =>
          log.error({ err: error }, 'renewing job claims failed'),
        );
      }, leaseMs / 3);
      heartbeat.unref();
      loopDone = loop();
    },

    async stop() {
      if (!loopDone || stopping) return;
      stopping = true;
      signal.raise();
      clearInterval(heartbeat);
      await loopDone;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, stopTimeoutMs)));
      await Promise.race([Promise.allSettled([...running.values(), ...storing]), timeout]);
      clearTimeout(timer);
      await stopListening?.();
      for (const waiter of settleWaiters) waiter.reject(new Error('the job runner stopped'));
      settleWaiters = [];
    },

    settled() {
      if (!loopDone || stopping) return Promise.reject(new Error('the job runner is not running'));
      return new Promise((resolve, reject) => {
        settleWaiters.push({ after: claimsStarted, resolve, reject });
        signal.raise();
      });
    },
  };
}
