/**
 * The worker process of the crash test (crash-test.ts): runs the outbox's jobs of kind JOB_KIND
 * against the peer at PEER_URL until none is left, then exits 0. The test kills it with SIGKILL
 * part-way and starts it again. Database from DATABASE_URL, else the embedded one in DATA_DIR.
 */
import { and, eq, ne } from 'drizzle-orm';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/platform/db/client.ts';
import { createLocalEventBus, createPostgresEventBus } from '../../src/platform/events.ts';
import { createJobRunner } from '../../src/platform/jobs/index.ts';
import { jobs } from '../../src/platform/jobs/tables.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const kind = env('JOB_KIND');
const peerUrl = env('PEER_URL');
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: env('DATA_DIR') });
const events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
const log = {
  warn: (details: object, message: string) => console.warn(message, details),
  error: (details: object, message: string) => console.error(message, details),
};
const runner = createJobRunner({
  database,
  events,
  log,
  concurrency: Number(process.env.JOB_CONCURRENCY ?? 16),
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 30_000),
});

// node:http with kept-alive connections: several times cheaper per call than fetch on this machine.
const agent = new http.Agent({ keepAlive: true });
const deliver = (body: string, idempotencyKey: string) =>
  new Promise<{ status: number; answer: string }>((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': idempotencyKey };
    const request = http.request(peerUrl, { method: 'POST', agent, headers }, (response) => {
      let answer = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, answer }));
    });
    request.on('error', reject).end(body);
  });

runner.register(kind, async ({ payload, idempotencyKey }) => {
  const { status, answer } = await deliver(JSON.stringify(payload), idempotencyKey);
  if (status !== 200 || !answer.includes('receipt')) throw new Error(`peer answered ${status}: ${answer.slice(0, 200)}`);
});
await runner.start();
console.log('worker started');

const left = () => database.db.$count(jobs, and(eq(jobs.kind, kind), ne(jobs.status, 'done')));
while ((await left()) > 0) {
  await runner.settled();
  // Between settling and counting, a retried job may not be due yet: look again a little later.
  if ((await left()) > 0) await sleep(50);
}
await runner.stop();
agent.destroy();
await events.close();
await database.close();
console.log('worker drained');
