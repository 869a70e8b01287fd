import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { enqueueSelected } from '../../../platform/jobs/index.ts';
import type { PermissionApi, RecipientIds } from '../../permission/index.ts';
import { mutedUserIds } from '../preferences/muted.ts';
import type { ChannelRow } from './plan.ts';

/** The kind of job that delivers one message to one person on one channel (deliver-job.ts). */
export const DELIVERY_JOB = 'message.deliver';

/** What a delivery job carries: message, channel, receiver row, and the person's id, name and address. */
export interface DeliveryPayload {
  m: string;
  c: string;
  r: number;
  u: string | null;
  n: string;
  a: string | null;
}

/**
 * Expands the receivers once per send into a table of this transaction (`send_reached`: user id,
 * name, email, phone), which every channel's rows are then written from. Answers how many people.
 */
export async function expandReceivers(tx: Db, people: PermissionApi['people'], ids: RecipientIds): Promise<number> {
  await tx.execute(sql`create temporary table send_reached on commit drop as ${people.reachedContacts(ids)}`);
  const [row] = await rawRows<{ people: number }>(tx, sql`select count(*)::int as people from send_reached`);
  return Number(row?.people ?? 0);
}

/** Everyone reached, delivered in the transaction: the inbox is a table here, so the write is the delivery. */
export async function recordInAppReceivers(tx: Db, messageId: string, channelId: string): Promise<void> {
  await tx.execute(sql`
    insert into message_receivers (message_id, channel_id, user_id, user_name, state)
    select ${messageId}::uuid, ${channelId}, p.user_id, p.name, 'delivered' from send_reached p`);
}

const ADDRESS = { email: sql`p.email`, sms: sql`p.phone`, webhook: sql`null::text`, inApp: sql`null::text` };

/**
 * One receiver row per person on a channel that leaves the portal, and one delivery job for each
 * that can go: people who muted the message's classification on this kind of channel are skipped,
 * as are those without an address for it. Job and rows are written in the send's transaction.
 */
export async function enqueueDeliveries(tx: Db, messageId: string, channel: ChannelRow, classificationId: string | null): Promise<number> {
  const address = ADDRESS[channel.type];
  const needsAddress = channel.type === 'email' || channel.type === 'sms';
  const muted =
    channel.type === 'email' || channel.type === 'sms' ? sql`p.user_id in (${mutedUserIds(classificationId, channel.type)})` : sql`false`;
  const missing = needsAddress ? sql`${address} is null or ${address} = ''` : sql`false`;
  await tx.execute(sql`
    insert into message_receivers (message_id, channel_id, user_id, user_name, address, state, skip_reason, job_id)
    select ${messageId}::uuid, ${channel.id}, p.user_id, p.name, ${address},
      case when ${muted} or ${missing} then 'skipped' else 'pending' end,
      case when ${muted} then 'muted' when ${missing} then 'noAddress' end,
      case when ${muted} or ${missing} then null else gen_random_uuid() end
    from send_reached p`);
  return enqueueSelected(tx, {
    kind: DELIVERY_JOB,
    maxFailures: channel.maxAttempts,
    rows: sql`
      select r.job_id as id,
        jsonb_build_object('m', r.message_id, 'c', r.channel_id, 'r', r.id, 'u', r.user_id, 'n', r.user_name, 'a', r.address) as payload,
        r.message_id::text || '.' || r.id::text as idempotency_key
      from message_receivers r
      where r.message_id = ${messageId}::uuid and r.channel_id = ${channel.id} and r.job_id is not null`,
  });
}
