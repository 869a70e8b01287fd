import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/databases.ts';
import { quietLog, untilSettled } from '../../../test/jobs.ts';
import type { Database } from '../db/client.ts';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from '../events.ts';
import { claimDueJobs, nextDueInMs, recordSuccess } from './claims.ts';
import { createJobRunner, enqueue, retryParkedJob, type JobContext, type JobRunner, type JobRunnerOptions } from './index.ts';
import { jobAttempts, jobs } from './tables.ts';

let database: Database;
let events: EventBus;
const runners: JobRunner[] = [];
beforeAll(async () => {
  database = await copyTemplateDatabase();
  events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
});
afterAll(async () => {
  await events.close();
  await database.close();
});

let kinds = 0;
/** A runner for a kind of its own (so the tests' jobs never meet), started. */
async function startRunner(handler: (job: JobContext) => Promise<void>, options: Partial<JobRunnerOptions> = {}) {
  const kind = `test.kind-${++kinds}`;
  const runner = createJobRunner({ database, events, log: quietLog, ...options });
  runner.register(kind, handler);
  await runner.start();
  runners.push(runner);
  return { runner, kind };
}

const jobRow = async (id: string | undefined) =>
  (
    await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, String(id)))
  )[0];
const attemptsOf = (id: string | undefined) =>
  database.db
    .select()
    .from(jobAttempts)
    .where(eq(jobAttempts.jobId, String(id)))
    .orderBy(asc(jobAttempts.attempt));

describe('enqueueing in a transaction', () => {
  it('runs a job whose transaction committed, once, with its payload and idempotency key', async () => {
    const seen: JobContext[] = [];
    const { runner, kind } = await startRunner(async (job) => void seen.push(job));
    const id = await database.db.transaction((tx) => enqueue(tx, { kind, payload: { to: 'someone' } }));
    await runner.settled();
    expect(seen).toEqual([{ jobId: id, payload: { to: 'someone' }, idempotencyKey: id, attempt: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', payload: null, attempts: 1, failures: 0, claimedBy: null });
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, outcome: 'succeeded', error: null, finishedAt: expect.any(Date) }]);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const seen: unknown[] = [];
    const { runner, kind } = await startRunner(async (job) => void seen.push(job.payload));
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { kind, payload: 'rolled back', idempotencyKey: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await enqueue(database.db, { kind, payload: 'committed' });
    await runner.settled();
    expect(seen).toEqual(['committed']);
    expect(await database.db.select().from(jobs).where(eq(jobs.idempotencyKey, 'rolled-back'))).toEqual([]);
  });

  it('wakes the runner when the transaction commits, without waiting for its next look', async () => {
    let ran: (payload: unknown) => void = () => undefined;
    const running = new Promise((resolve) => (ran = resolve));
    const { kind } = await startRunner(async (job) => ran(job.payload), { pollMs: 600_000 });
    const started = Date.now();
    await database.db.transaction((tx) => enqueue(tx, { kind, payload: 'wake up' }));
    expect(await running).toBe('wake up');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('queues the same work (kind and key) once, and passes a chosen key to the handler', async () => {
    const keys: string[] = [];
    const { runner, kind } = await startRunner(async (job) => void keys.push(job.idempotencyKey));
    const first = await enqueue(database.db, { kind, payload: 1, idempotencyKey: 'order-42' });
    const again = await enqueue(database.db, { kind, payload: 2, idempotencyKey: 'order-42' });
    expect(first).toBeDefined();
    expect(again).toBeUndefined();
    await runner.settled();
    expect(keys).toEqual(['order-42']);
  });
});

describe('failures', () => {
  it('records every attempt, backs off between them, and parks the job after the last allowed failure', async () => {
    let calls = 0;
    const { runner, kind } = await startRunner(
      async () => {
        calls += 1;
        throw new Error(`peer said no (${calls})`);
      },
      { maxFailures: 3, backoff: { baseMs: 5, capMs: 20 } },
    );
    const id = await enqueue(database.db, { kind, payload: null });
    await untilSettled(runner, async () => (await jobRow(id))?.status === 'parked');
    expect(calls).toBe(3);
    expect(await jobRow(id)).toMatchObject({ status: 'parked', attempts: 3, failures: 3, lastError: 'peer said no (3)' });
    const attempts = await attemptsOf(id);
    expect(attempts.map(({ attempt, outcome, error }) => ({ attempt, outcome, error }))).toEqual([
      { attempt: 1, outcome: 'failed', error: 'peer said no (1)' },
      { attempt: 2, outcome: 'failed', error: 'peer said no (2)' },
      { attempt: 3, outcome: 'failed', error: 'peer said no (3)' },
    ]);
    for (const attempt of attempts) expect(attempt.finishedAt!.getTime()).toBeGreaterThanOrEqual(attempt.startedAt.getTime());
  });

  it('schedules the retry after the backoff delay', async () => {
    const { runner, kind } = await startRunner(
      async () => {
        throw new Error('not yet');
      },
      { backoff: { baseMs: 60_000, capMs: 600_000 } },
    );
    const id = await enqueue(database.db, { kind, payload: null });
    await runner.settled();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', failures: 1, claimedBy: null });
    // Equal jitter: between half the first step and the whole of it.
    const delay = row!.runAt.getTime() - (await attemptsOf(id))[0]!.finishedAt!.getTime();
    expect(delay).toBeGreaterThanOrEqual(30_000 - 1_000);
    expect(delay).toBeLessThanOrEqual(60_000 + 1_000);
  });

  it('runs a parked job again when an operator retries it', async () => {
    let failing = true;
    const { runner, kind } = await startRunner(
      async () => {
        if (failing) throw new Error('down');
      },
      { maxFailures: 1 },
    );
    const id = await enqueue(database.db, { kind, payload: null });
    await runner.settled();
    expect((await jobRow(id))?.status).toBe('parked');
    failing = false;
    expect(await retryParkedJob(database.db, String(id))).toBe(true);
    await runner.settled();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, failures: 0 });
    expect((await attemptsOf(id)).map((attempt) => attempt.outcome)).toEqual(['failed', 'succeeded']);
    expect(await retryParkedJob(database.db, String(id))).toBe(false);
  });
});

describe('claims', () => {
  it('tells how long until the next job is due, and that none is waiting when none is (an idle runner sleeps)', async () => {
    const kind = `test.kind-${++kinds}`;
    expect(await nextDueInMs(database.db, [kind])).toBeUndefined();
    await enqueue(database.db, { kind, payload: null, runAt: new Date(Date.now() + 60_000) });
    expect(await nextDueInMs(database.db, [kind])).toBeGreaterThan(50_000);
    await enqueue(database.db, { kind, payload: null });
    expect(await nextDueInMs(database.db, [kind])).toBe(0);
  });

  it("takes over a dead worker's expired claim, recording that attempt as expired", async () => {
    const kind = `test.kind-${++kinds}`;
    const id = await enqueue(database.db, { kind, payload: null });
    const [dead] = await claimDueJobs(database.db, { worker: 'dead', kinds: [kind], limit: 1, leaseMs: 0, maxFailures: 8 });
    expect(dead?.attempt).toBe(1);
    const [taker] = await claimDueJobs(database.db, { worker: 'alive', kinds: [kind], limit: 1, leaseMs: 60_000, maxFailures: 8 });
    expect(taker).toMatchObject({ id, attempt: 2, failures: 1 });
    // The dead worker's late result is fenced off: the job stays with its new claim.
    await recordSuccess(database.db, dead!);
    expect(await jobRow(id)).toMatchObject({ status: 'running', claimedBy: 'alive', attempts: 2 });
    await recordSuccess(database.db, taker!);
    expect(await jobRow(id)).toMatchObject({ status: 'done' });
    expect((await attemptsOf(id)).map((attempt) => [attempt.worker, attempt.outcome])).toEqual([
      ['dead', 'succeeded'],
      ['alive', 'succeeded'],
    ]);
  });

  it('parks instead of running a job whose workers keep dying', async () => {
    const kind = `test.kind-${++kinds}`;
    const id = await enqueue(database.db, { kind, payload: null });
    const claim = (worker: string) => claimDueJobs(database.db, { worker, kinds: [kind], limit: 1, leaseMs: 0, maxFailures: 2 });
    expect(await claim('first')).toHaveLength(1);
    expect(await claim('second')).toHaveLength(1);
    expect(await claim('third')).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'parked', failures: 2, lastError: expect.stringMatching(/claim expired/) });
    expect((await attemptsOf(id)).map((attempt) => attempt.outcome)).toEqual(['expired', 'expired']);
  });
});
