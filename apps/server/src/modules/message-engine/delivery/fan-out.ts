import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import type { PermissionApi, RecipientIds } from '../../permission/index.ts';
import { mutedUserIds } from '../preferences/muted.ts';
import { batchJobId, enqueueBatches } from './batches.ts';
import type { ChannelRow } from './plan.ts';

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
 * One receiver row per person on a channel that leaves the portal, in batches of the delivery job
 * (batches.ts) for those who can be reached: people who muted the message's classification on this
 * kind of channel are skipped, as are those without an address for it. Rows and jobs are written
 * in the send's transaction. Answers how many batches.
 */
export async function enqueueDeliveries(tx: Db, messageId: string, channel: ChannelRow, classificationId: string | null): Promise<number> {
  const address = ADDRESS[channel.type];
  const needsAddress = channel.type === 'email' || channel.type === 'sms';
  const muted =
    channel.type === 'email' || channel.type === 'sms' ? sql`p.user_id in (${mutedUserIds(classificationId, channel.type)})` : sql`false`;
  const missing = needsAddress ? sql`${address} is null or ${address} = ''` : sql`false`;
  await tx.execute(sql`
    insert into message_receivers (message_id, channel_id, user_id, user_name, address, state, skip_reason, job_id)
    select ${messageId}::uuid, ${channel.id}, s.user_id, s.name, s.address,
      case when s.skip is null then 'pending' else 'skipped' end, s.skip,
      case when s.skip is null then ${batchJobId(randomUUID(), sql`s.place`)} end
    from (
      select c.*, row_number() over (partition by c.skip is null order by c.user_id) - 1 as place
      from (
        select p.user_id, p.name, ${address} as address, case when ${muted} then 'muted' when ${missing} then 'noAddress' end as skip
        from send_reached p
      ) c
    ) s`);
  return enqueueBatches(tx, messageId, channel);
}
