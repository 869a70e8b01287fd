import type { Db } from './db/client.ts';
import { enqueue, type JobHandler } from './jobs/index.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** The kind of job that sends one mail through the platform's mailer. */
export const MAIL_JOB = 'mail.send';

interface MailJob {
  mail: OutgoingMail;
  /** ISO time after which the mail is pointless (the code in it has expired): dropped, not sent. */
  notAfter?: string;
}

/**
 * Queues a mail in the caller's transaction: it goes out only if that transaction commits, and is
 * retried (same Message-ID) until the SMTP server takes it. Until it is sent the job row holds the
 * mail's text; the payload is cleared once the job is done.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail, options: { notAfter?: Date } = {}): Promise<void> {
  const payload: MailJob = { mail, notAfter: options.notAfter?.toISOString() };
  await enqueue(tx, { kind: MAIL_JOB, payload });
}

const isMailJob = (payload: unknown): payload is MailJob => {
  const mail = (payload as Partial<MailJob> | null)?.mail;
  return typeof mail?.to === 'string' && typeof mail.subject === 'string' && typeof mail.text === 'string';
};

/** Sends queued mails with the job's idempotency key as the Message-ID's source. */
export function sendQueuedMail(mailer: Mailer): JobHandler {
  return async ({ payload, idempotencyKey }) => {
    if (!isMailJob(payload)) throw new Error('not a mail job: to, subject and text are required');
    if (payload.notAfter && Date.parse(payload.notAfter) < Date.now()) return;
    await mailer.send(payload.mail, { idempotencyKey });
  };
}
