import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { preparedRows } from '../../../platform/db/prepared.ts';

/** A receiver of a batch still waiting for its delivery. */
export interface BatchReceiver {
  /** The receiver row's id (a bigint, as text). */
  id: string;
  userId: string | null;
  name: string;
  address: string | null;
}

/** How one attempt at one receiver ended; `error` is null when the provider accepted it. */
export interface ReceiverOutcome {
  id: string;
  startedAt: Date;
  finishedAt: Date;
  error: string | null;
}

/** The receivers of a batch's job not delivered yet (all of them on its first attempt). */
export function pendingReceiversOf(db: Db, jobId: string): Promise<BatchReceiver[]> {
  return preparedRows<BatchReceiver>(
    db,
    sql`select id::text as id, user_id as "userId", user_name as name, address from message_receivers
      where job_id = ${jobId}::uuid and state = 'pending' order by id`,
  );
}

/**
 * Records a batch's attempts in one statement: each receiver's state, count and last error, and a
 * row of its log. Only receivers still pending in this job are touched, so a batch run twice (a
 * claim that expired while its worker still sent) does not count a delivered receiver again.
 */
export async function recordOutcomes(db: Db, jobId: string, outcomes: readonly ReceiverOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = JSON.stringify(outcomes);
  await preparedRows(
    db,
    sql`
    with outcome as (
      select * from jsonb_to_recordset(${rows}::jsonb) as o(id bigint, "startedAt" timestamptz, "finishedAt" timestamptz, error text)
    ), counted as (
      update message_receivers r set
        state = case when o.error is null then 'delivered' else r.state end,
        attempts = r.attempts + 1,
        last_error = o.error,
        delivered_at = case when o.error is null then o."finishedAt" end
      from outcome o
      where r.id = any(array(select id from outcome)) and r.id = o.id and r.job_id = ${jobId}::uuid and r.state = 'pending'
      returning r.id, r.attempts, o."startedAt", o."finishedAt", o.error
    )
    insert into message_delivery_attempts (receiver_id, attempt, started_at, finished_at, outcome, error)
    select id, attempts, "startedAt", "finishedAt", case when error is null then 'succeeded' else 'failed' end, error from counted`,
  );
}
