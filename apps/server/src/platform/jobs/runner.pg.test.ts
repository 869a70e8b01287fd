import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/databases.ts';
import { quietLog } from '../../../test/jobs.ts';
import { openPostgres, rawRows, type Database } from '../db/client.ts';
import { createPostgresEventBus, type EventBus } from '../events.ts';
import { createJobRunner, enqueueMany, type JobRunner } from './index.ts';
import { jobs } from './tables.ts';

// Runs with the PostgreSQL suite only (`npm run test:pg`): two instances, each with its own pool and bus.
const instances: { database: Database; events: EventBus; runner: JobRunner }[] = [];
let first: Database;
beforeAll(async () => {
  first = await copyTemplateDatabase();
  const second = openPostgres(String(first.pool?.options.connectionString), 5);
  for (const database of [first, second]) {
    const events = await createPostgresEventBus(database.pool!);
    // A short lease, renewed as the handlers run: a handler slower than the lease must keep its claim.
    instances.push({ database, events, runner: createJobRunner({ database, events, log: quietLog, concurrency: 6, leaseMs: 300 }) });
  }
});
afterAll(async () => {
  for (const { runner, events, database } of instances) {
    await runner.stop();
    await events.close();
    await database.close();
  }
});

describe('two runners on one PostgreSQL database', () => {
  it('never run the same job at the same time, nor twice, and share the work', async () => {
    const JOBS = 240;
    const running = new Set<string>();
    const runs = new Map<string, number>();
    const byRunner = [0, 0];
    let overlaps = 0;
    instances.forEach(({ runner }, index) =>
      runner.register('test.shared', async ({ jobId, payload }) => {
        if (running.has(jobId)) overlaps += 1;
        running.add(jobId);
        runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
        byRunner[index]! += 1;
        // Every tenth job outlasts the lease (300 ms) twice over.
        await sleep(Number(payload) % 10 === 0 ? 700 : Math.random() * 10);
        running.delete(jobId);
      }),
    );
    for (const { runner } of instances) await runner.start();
    const ids = await first.db.transaction((tx) =>
      enqueueMany(
        tx,
        Array.from({ length: JOBS }, (_, n) => ({ kind: 'test.shared', payload: n })),
      ),
    );
    while ((await first.db.$count(jobs, eq(jobs.status, 'done'))) < JOBS) {
      await Promise.all(instances.map(({ runner }) => runner.settled()));
    }
    expect(overlaps).toBe(0);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byRunner.every((count) => count > JOBS / 10)).toBe(true);
    const [attempts] = await rawRows<{ total: number; succeeded: number }>(
      first.db,
      sql`select count(*)::int as total, count(*) filter (where outcome = 'succeeded')::int as succeeded
        from job_attempts where job_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    expect(attempts).toEqual({ total: JOBS, succeeded: JOBS });
  });
});
