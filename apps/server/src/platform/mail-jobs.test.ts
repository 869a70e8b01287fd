import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTemplateDatabase } from '../../test/databases.ts';
import { quietLog, untilSettled } from '../../test/jobs.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createLocalEventBus, createPostgresEventBus, type EventBus } from './events.ts';
import { createJobRunner, type JobRunner } from './jobs/index.ts';
import { jobAttempts, jobs } from './jobs/tables.ts';
import { enqueueMail, MAIL_JOB, sendQueuedMail } from './mail-jobs.ts';
import { createMailer, messageIdFor } from './mailer.ts';

let database: Database;
let events: EventBus;
let peer: SmtpPeer;
let runner: JobRunner;
beforeAll(async () => {
  database = await copyTemplateDatabase();
  events = database.pool ? await createPostgresEventBus(database.pool) : createLocalEventBus();
  // The first message is read and then refused, as if the server's answer had been lost.
  peer = await startSmtpPeer(undefined, { refuseFirst: 1 });
  const mailer = createMailer(loadConfig({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <portal@example.test>' }));
  runner = createJobRunner({ database, events, log: quietLog, backoff: { baseMs: 10, capMs: 10 } });
  runner.register(MAIL_JOB, sendQueuedMail(mailer!));
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await peer.close();
  await events.close();
  await database.close();
});

/** The mail job queued for an address (its payload names it until the job is done). */
const mailJobTo = async (to: string) => {
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
  return rows.find((row) => JSON.stringify(row.payload).includes(to));
};

describe('mail sent by a job', () => {
  it("sends a retried mail with the same Message-ID, made from the job's idempotency key", async () => {
    await database.db.transaction((tx) => enqueueMail(tx, { to: 'twice@example.test', subject: 'Your code', text: 'It is 123456.' }));
    const job = await mailJobTo('twice@example.test');
    await untilSettled(runner, async () => (await database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]?.status === 'done');
    const [refused, accepted] = peer.to('twice@example.test');
    expect(refused).toMatchObject({ refused: true });
    expect(accepted?.refused).toBeUndefined();
    expect(accepted?.headers['message-id']).toBe(`<${job!.idempotencyKey}@example.test>`);
    expect(refused?.headers['message-id']).toBe(accepted?.headers['message-id']);
    const attempts = await database.db.select().from(jobAttempts).where(eq(jobAttempts.jobId, job!.id));
    expect(attempts.map((attempt) => attempt.outcome).sort()).toEqual(['failed', 'succeeded']);
  });

  it('drops a mail whose content has expired before it could be sent', async () => {
    const past = new Date(Date.now() - 1_000);
    await enqueueMail(database.db, { to: 'too-late@example.test', subject: 'Your code', text: 'It was 654321.' }, { notAfter: past });
    await runner.settled();
    expect(peer.to('too-late@example.test')).toEqual([]);
  });

  it('keeps the Message-ID well formed whatever the key', () => {
    expect(messageIdFor('0b8c-1', 'Portal <portal@example.test>')).toBe('<0b8c-1@example.test>');
    expect(messageIdFor('order 42 <x>', 'no-reply@localhost')).toMatch(/^<[0-9a-f]{64}@localhost>$/);
  });
});
