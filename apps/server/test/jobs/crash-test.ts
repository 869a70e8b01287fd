import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { rawRows, type Database } from '../../src/platform/db/client.ts';
import { enqueueMany } from '../../src/platform/jobs/index.ts';
import { startIdempotentPeer } from './idempotent-peer.ts';

const KIND = 'crash-test.deliver';
const SERVER_DIR = new URL('../..', import.meta.url).pathname;
const WORKER = new URL('./crash-worker.ts', import.meta.url).pathname;

export const keyOf = (n: number) => `crash-${n}`;

export interface CrashTarget {
  /** Makes the (migrated) database the workers use; closed again before a worker starts. */
  create(): Promise<Database>;
  /** Opens it again once the workers are done. */
  open(): Promise<Database>;
  /** What tells a worker process which database that is (asked once it is made). */
  env(): Record<string, string>;
}

export interface CrashRun {
  jobs: number;
  /** Distinct keys the peer had applied when the first worker was killed. */
  appliedAtKill: number;
  applied: ReadonlySet<string>;
  calls: number;
  /** Repeated deliveries the peer recognised by their key. */
  duplicates: number;
  /** From starting the first worker until the second reported the outbox drained. */
  seconds: number;
  /** From starting the first worker until it was killed. */
  secondsToKill: number;
  statuses: Record<string, number>;
  attempts: {
    total: number;
    succeeded: number;
    expired: number;
    failed: number;
    open: number;
    jobsNotSucceededOnce: number;
    uncounted: number;
  };
}

function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  return { child, output: () => output };
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

async function outcome(database: Database) {
  const statuses = await rawRows<{ status: string; count: number }>(
    database.db,
    sql`select status, count(*)::int as count from jobs group by status`,
  );
  const [attempts] = await rawRows<CrashRun['attempts']>(
    database.db,
    sql`select
      (select count(*)::int from job_attempts) as total,
      (select count(*)::int from job_attempts where outcome = 'succeeded') as succeeded,
      (select count(*)::int from job_attempts where outcome = 'expired') as expired,
      (select count(*)::int from job_attempts where outcome = 'failed') as failed,
      (select count(*)::int from job_attempts where finished_at is null) as open,
      (select count(*)::int from jobs j where (select count(*) from job_attempts a where a.job_id = j.id and a.outcome = 'succeeded') <> 1)
        as "jobsNotSucceededOnce",
      (select count(*)::int from jobs j where j.attempts <> (select count(*) from job_attempts a where a.job_id = j.id)) as uncounted`,
  );
  return { statuses: Object.fromEntries(statuses.map((row) => [row.status, row.count])), attempts: attempts! };
}

/**
 * Enqueues `jobs` deliveries in one transaction, runs a worker process against an idempotent
 * HTTP peer, kills it with SIGKILL once the peer has applied `killAfter` keys, starts another
 * and waits for it to drain the outbox. Answers what the peer and the database saw.
 */
export async function runCrashTest(target: CrashTarget, jobs = 10_000, killAfter = 3_000): Promise<CrashRun> {
  const setup = await target.create();
  await setup.db.transaction((tx) =>
    enqueueMany(
      tx,
      Array.from({ length: jobs }, (_, n) => ({ kind: KIND, payload: { n }, idempotencyKey: keyOf(n) })),
    ),
  );
  await setup.close();

  const peer = await startIdempotentPeer();
  const env = { ...target.env(), PEER_URL: peer.url, JOB_KIND: KIND };
  try {
    const started = Date.now();
    const first = startWorker(env);
    let killed = false;
    const firstExit = exited(first.child).then((code) => {
      if (!killed) throw new Error(`the first worker ended before it was killed (${code}): ${first.output()}`);
    });
    await Promise.race([peer.whenApplied(killAfter), firstExit]);
    killed = first.child.kill('SIGKILL');
    const appliedAtKill = peer.applied().size;
    const secondsToKill = (Date.now() - started) / 1000;
    await firstExit;

    const second = startWorker(env);
    const code = await exited(second.child);
    if (code !== 0) throw new Error(`the restarted worker failed (${code}): ${second.output()}`);
    const seconds = (Date.now() - started) / 1000;

    const database = await target.open();
    const seen = await outcome(database).finally(() => database.close());
    return {
      jobs,
      appliedAtKill,
      applied: peer.applied(),
      calls: peer.calls(),
      duplicates: peer.duplicates(),
      seconds,
      secondsToKill,
      ...seen,
    };
  } finally {
    await peer.close();
  }
}
