import type {
  ChannelCounts,
  DeliveryAttempt,
  DeliveryOutcome,
  MessageReceiver,
  MessageTarget,
  PageOf,
  ReceiverPerson,
  ReceiverQuery,
  RetryBody,
} from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { notFound } from '../../../platform/errors.ts';
import { rebatch } from '../delivery/batches.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';
import { assertMessage } from './messages.ts';
import { RECEIVER_STATE, RECEIVERS_WITH_JOBS, STATE_COUNTS } from './state.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function receiverFilters(messageId: string, query: ReceiverQuery): SQL {
  const where: SQL[] = [sql`r.message_id = ${messageId}::uuid`];
  if (query.channelId) where.push(sql`r.channel_id = ${query.channelId}`);
  if (query.state) where.push(sql`${RECEIVER_STATE} = ${query.state}`);
  if (query.keyword) where.push(sql`(r.user_name ilike ${containing(query.keyword)} or r.address ilike ${containing(query.keyword)})`);
  return sql.join(where, sql` and `);
}

type ReceiverRow = Omit<MessageReceiver, 'nextAttemptAt' | 'deliveredAt'> & {
  nextAttemptAt: Date | string | null;
  deliveredAt: Date | string | null;
};

/** A message's receivers, one row per person and channel, failed ones first. */
export async function listReceivers(db: Db, messageId: string, query: ReceiverQuery): Promise<PageOf<MessageReceiver>> {
  await assertMessage(db, messageId);
  const window = pageWindow(query);
  const where = receiverFilters(messageId, query);
  const [counted] = await rawRows<{ total: number }>(db, sql`select count(*)::int as total from ${RECEIVERS_WITH_JOBS} where ${where}`);
  const rows = await rawRows<ReceiverRow>(
    db,
    sql`select r.id::int as id, r.channel_id as "channelId", r.user_id as "userId", r.user_name as "userName", r.address,
        ${RECEIVER_STATE} as state, r.skip_reason as "skipReason", r.attempts, r.last_error as "lastError",
        case when r.state = 'pending' and j.status = 'pending' and j.failures > 0 then j.run_at end as "nextAttemptAt",
        case when r.state = 'delivered' then coalesce(r.delivered_at, m.created_at) end as "deliveredAt"
      from ${RECEIVERS_WITH_JOBS} join messages m on m.id = r.message_id
      where ${where}
      order by (${RECEIVER_STATE} = 'failed') desc, r.user_name, r.channel_id, r.id
      limit ${window.size} offset ${window.offset}`,
  );
  const list = rows.map((row) => ({ ...row, nextAttemptAt: iso(row.nextAttemptAt), deliveredAt: iso(row.deliveredAt) }));
  return pageOf(list, Number(counted?.total ?? 0), window);
}

/** A message's receivers counted by channel and state. */
export async function receiversByChannel(db: Db, messageId: string): Promise<ChannelCounts[]> {
  await assertMessage(db, messageId);
  return rawRows<ChannelCounts>(
    db,
    sql`select r.channel_id as "channelId", min(ch.name) as "channelName", ${STATE_COUNTS} as counts
      from ${RECEIVERS_WITH_JOBS} join message_channels ch on ch.id = r.channel_id
      where r.message_id = ${messageId}::uuid group by r.channel_id order by r.channel_id`,
  );
}

/** What the sender named. */
export async function messageTargetsOf(db: Db, messageId: string): Promise<MessageTarget[]> {
  await assertMessage(db, messageId);
  return rawRows<MessageTarget>(
    db,
    sql`select object_type as "objectType", object_id as "objectId", name, reached from message_targets
      where message_id = ${messageId}::uuid order by object_type, name`,
  );
}

/** One row per person, with their state on every channel. */
export async function receiverPeople(db: Db, messageId: string, query: ReceiverQuery): Promise<PageOf<ReceiverPerson>> {
  await assertMessage(db, messageId);
  const window = pageWindow(query);
  const where = receiverFilters(messageId, query);
  const people = sql`select r.user_id, r.user_name from ${RECEIVERS_WITH_JOBS} where ${where} group by r.user_id, r.user_name`;
  const [counted] = await rawRows<{ total: number }>(db, sql`select count(*)::int as total from (${people}) p`);
  const list = await rawRows<ReceiverPerson>(
    db,
    sql`select p.user_id as "userId", p.user_name as "userName",
        (select jsonb_agg(jsonb_build_object('channelId', r.channel_id, 'receiverId', r.id, 'state', ${RECEIVER_STATE}) order by r.channel_id)
          from ${RECEIVERS_WITH_JOBS} where r.message_id = ${messageId}::uuid and r.user_id is not distinct from p.user_id) as channels
      from (${people}) p order by p.user_name, p.user_id limit ${window.size} offset ${window.offset}`,
  );
  return pageOf(list, Number(counted?.total ?? 0), window);
}

/** Failed deliveries round again (the ones named, or all of the message's), recorded in the audit log; answers how many. */
export async function retryFailed(db: Db, actor: AuditActor, messageId: string, body: RetryBody): Promise<{ retried: number }> {
  await assertMessage(db, messageId);
  const named = 'receiverIds' in body ? sql`and r.id = any(${sql.param(body.receiverIds)}::bigint[])` : sql``;
  return transaction(db, async (tx) => {
    const failed = await rawRows<{ channelId: string; maxAttempts: number; receiverIds: string[] }>(
      tx,
      sql`select r.channel_id as "channelId", ch.max_attempts as "maxAttempts", array_agg(r.id::text) as "receiverIds"
        from ${RECEIVERS_WITH_JOBS} join message_channels ch on ch.id = r.channel_id
        where r.message_id = ${messageId}::uuid and ${RECEIVER_STATE} = 'failed' ${named}
        group by r.channel_id, ch.max_attempts`,
    );
    for (const channel of failed)
      await rebatch(tx, messageId, { id: channel.channelId, maxAttempts: channel.maxAttempts }, channel.receiverIds);
    const retried = failed.reduce((sum, channel) => sum + channel.receiverIds.length, 0);
    await recordAudit(tx, actor, { action: 'messages.retry', targetType: 'message', targetId: messageId, after: { ...body, retried } });
    return { retried };
  });
}

/**
 * Every attempt at delivering to one receiver, oldest first, from its start (one under way, or cut
 * off by a crash and not yet tried again, has no outcome); a 404 for a receiver not of this message.
 */
export async function deliveryLogs(db: Db, messageId: string, receiverId: number): Promise<DeliveryAttempt[]> {
  const [receiver] = await rawRows<{ id: string }>(
    db,
    sql`select id::text as id from message_receivers where id = ${receiverId} and message_id = ${messageId}::uuid`,
  );
  if (!receiver) throw notFound('The receiver');
  const attempts = await rawRows<{
    attempt: number;
    startedAt: Date | string;
    finishedAt: Date | string | null;
    outcome: DeliveryOutcome | null;
    error: string | null;
  }>(
    db,
    sql`select attempt, started_at as "startedAt", finished_at as "finishedAt", outcome, error
      from message_delivery_attempts where receiver_id = ${receiverId} order by attempt`,
  );
  return attempts.map((attempt) => ({
    ...attempt,
    startedAt: new Date(attempt.startedAt).toISOString(),
    finishedAt: iso(attempt.finishedAt),
  }));
}
