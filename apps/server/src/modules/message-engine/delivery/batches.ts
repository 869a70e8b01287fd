import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { enqueueSelected } from '../../../platform/jobs/index.ts';
import type { ChannelRow } from './plan.ts';

/** The kind of job that delivers a batch of one message's receivers on one channel (deliver-job.ts). */
export const DELIVERY_JOB = 'message.deliver';

/**
 * Receivers per delivery job. A job's claim, attempt and result are a few rows whatever it carries,
 * so batching makes them a small share of a big send; each receiver keeps its own state, attempts
 * and log (message_receivers, message_delivery_attempts), and a retried batch sends only to those
 * still pending.
 */
export const BATCH_SIZE = 50;

/** What a delivery job carries: the message and the channel (its receivers are the rows naming the job). */
export interface DeliveryPayload {
  m: string;
  c: string;
}

type BatchChannel = Pick<ChannelRow, 'id' | 'maxAttempts'>;

/**
 * The job id of the batch holding the receiver at `place` (0, 1, 2, … among one channel's receivers
 * being batched together): the same for each BATCH_SIZE places in a row, and new for every `seed`.
 */
export const batchJobId = (seed: string, place: SQL) => sql`md5(${seed} || '/' || ((${place}) / ${BATCH_SIZE})::text)::uuid`;

/**
 * Queues a job for every batch of the message's pending receivers on the channel that has none in
 * the queue yet (a send's new batches, or a retry's), in one statement. Answers how many batches.
 */
export function enqueueBatches(tx: Db, messageId: string, channel: BatchChannel): Promise<number> {
  return enqueueSelected(tx, {
    kind: DELIVERY_JOB,
    maxFailures: channel.maxAttempts,
    rows: sql`
      select r.job_id as id, jsonb_build_object('m', ${messageId}::uuid, 'c', ${channel.id}::text) as payload, r.job_id::text as idempotency_key
      from message_receivers r
      where r.message_id = ${messageId}::uuid and r.channel_id = ${channel.id} and r.state = 'pending'
        and not exists (select 1 from jobs j where j.id = r.job_id)
      group by r.job_id`,
  });
}

/**
 * Moves receivers of one channel (failed ones an operator retries) into new batches, with a fresh
 * allowance of the channel's attempts, in the caller's transaction. Their attempts keep counting.
 */
export async function rebatch(tx: Db, messageId: string, channel: BatchChannel, receiverIds: readonly string[]): Promise<void> {
  await tx.execute(sql`
    update message_receivers r set job_id = ${batchJobId(randomUUID(), sql`moved.place`)}
    from (
      select id, row_number() over (order by id) - 1 as place from message_receivers
      where message_id = ${messageId}::uuid and channel_id = ${channel.id} and id = any(${sql.param(receiverIds)}::bigint[])
    ) moved
    where r.id = moved.id`);
  await enqueueBatches(tx, messageId, channel);
}
