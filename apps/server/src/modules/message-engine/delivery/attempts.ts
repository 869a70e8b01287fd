import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { batchedCalls } from '../../../platform/batched-calls.ts';
import { preparedRows } from '../../../platform/db/prepared.ts';

/** What a restart writes on an attempt that was under way when the portal stopped. */
export const CUT_OFF =
  'The portal stopped during this attempt, before the provider answered: whether it was delivered is not known (it was tried again)';

/** A receiver of one batch's job: the row's id (a bigint, as text) and the job whose attempt it is. */
export interface AttemptOf {
  receiverId: string;
  jobId: string;
}

type Entry =
  | ({ kind: 'start'; at: string } & AttemptOf)
  | ({ kind: 'end'; attempt: number; at: string; error: string | null } & AttemptOf)
  | ({ kind: 'whole'; startedAt: string; at: string; error: string | null } & AttemptOf);

/**
 * One statement for a run of entries: each start answers its attempt's number (null: the receiver
 * is not waiting on this job). Its commit does not wait for PostgreSQL to flush it to disk
 * (synchronous_commit off for this statement alone): once committed it is seen by every session,
 * and a crash of the portal, the case the log is for, loses none of it; only a crash of PostgreSQL
 * itself may lose its last fraction of a second (those mails would be sent again). Waiting for the
 * flush held each connection's next mail for it.
 */
async function recordEntries(db: Db, entries: readonly Entry[]): Promise<(number | null)[]> {
  const rows = JSON.stringify(entries.map((entry, n) => ({ n, ...entry })));
  const opened = await preparedRows<{ n: number; attempt: number }>(
    db,
    sql`
    with entry as (
      select e.* from jsonb_to_recordset(${rows}::jsonb)
        as e(n integer, kind text, "receiverId" bigint, "jobId" uuid, attempt integer, "startedAt" timestamptz, at timestamptz, error text),
        -- The commit does not wait for the disk (see above).
        (select set_config('synchronous_commit', 'off', true)) flush
    ), receiver as (
      -- \`id = any(array(…))\` looks rows up by key, whatever the planner believes of the table's size.
      select r.id, r.attempts, e.* from message_receivers r join entry e on e."receiverId" = r.id and e."jobId" = r.job_id
      where r.id = any(array(select "receiverId" from entry)) and r.state = 'pending'
    ), counted as (
      update message_receivers r set
        attempts = r.attempts + case when x.kind = 'end' then 0 else 1 end,
        state = case when x.kind <> 'start' and x.error is null then 'delivered' else r.state end,
        last_error = case when x.kind = 'start' then r.last_error else x.error end,
        delivered_at = case when x.kind <> 'start' and x.error is null then x.at else r.delivered_at end
      from receiver x where r.id = x.id
      returning r.id, r.attempts, x.n, x.kind, x."startedAt", x.at, x.error
    ), cut_off as (
      update message_delivery_attempts a set finished_at = c.at, outcome = 'expired', error = ${CUT_OFF}
      from counted c where c.kind = 'start' and a.receiver_id = c.id and a.finished_at is null
    ), ended as (
      update message_delivery_attempts a set
        finished_at = e.at, outcome = case when e.error is null then 'succeeded' else 'failed' end, error = e.error
      from entry e
      where e.kind = 'end' and a.receiver_id = any(array(select "receiverId" from entry where kind = 'end'))
        and a.receiver_id = e."receiverId" and a.attempt = e.attempt and a.finished_at is null
    ), begun as (
      insert into message_delivery_attempts (receiver_id, attempt, started_at, finished_at, outcome, error)
      select id, attempts, coalesce("startedAt", at),
        case when kind = 'whole' then at end,
        case when kind = 'whole' then case when error is null then 'succeeded' else 'failed' end end,
        case when kind = 'whole' then error end
      from counted where kind <> 'end'
    )
    select n, attempts as attempt from counted where kind = 'start'`,
  );
  const numbers = new Map(opened.map((row) => [Number(row.n), Number(row.attempt)]));
  return entries.map((entry, n) => (entry.kind === 'start' ? (numbers.get(n) ?? null) : null));
}

/**
 * The log of delivery attempts, written as they happen: an attempt's start before the provider
 * may accept it (its row opened, the receiver's count raised, an attempt a crash left open closed
 * as cut off), its end once the provider answers (the receiver delivered, or its error kept). The
 * entries of many deliveries share a statement, one statement at a time in the order they were
 * made: when a start is recorded, so is every end reported before it, which bounds what a crash
 * can leave accepted but unrecorded to one delivery per connection.
 *
 * Only receivers still pending in the job are touched: a batch run twice (a claim that expired
 * while its worker still sent) counts nothing twice, and its start answers null.
 */
export function createAttemptLog(db: Db) {
  const record = batchedCalls((entries: Entry[]) => recordEntries(db, entries), 500, { inOrder: true });
  return {
    /** Opens the receiver's next attempt; answers its number, or null when the receiver is not waiting on the job. */
    start: (of: AttemptOf) => record({ kind: 'start', ...of, at: new Date().toISOString() }),
    /** Closes an attempt that `start` opened, with the provider's refusal (null: accepted). */
    end: async (of: AttemptOf, attempt: number, error: string | null) => {
      await record({ kind: 'end', ...of, attempt, at: new Date().toISOString(), error });
    },
    /** An attempt that ended before it was opened (no connection, say): started and finished at once. */
    whole: async (of: AttemptOf, startedAt: Date, error: string | null) => {
      await record({ kind: 'whole', ...of, startedAt: startedAt.toISOString(), at: new Date().toISOString(), error });
    },
  };
}

export type AttemptLog = ReturnType<typeof createAttemptLog>;
