import type { ChannelRecord, MessageDetail, MessageQuery, MessageSummary, PageOf } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { NO_RECEIVERS, RECEIVER_STATE, RECEIVERS_WITH_JOBS, STATE_COUNTS } from './state.ts';

type Row = Omit<MessageSummary, 'createdAt'> & { createdAt: Date | string };
const iso = (value: Date | string) => new Date(value).toISOString();
const summaryOf = (row: Row): MessageSummary => ({ ...row, counts: row.counts ?? NO_RECEIVERS, createdAt: iso(row.createdAt) });

const columns = (people: PermissionApi['people']) => sql`
  m.id, m.title, m.source, m.classification_id as "classificationId", mc.name as "classificationName",
  ${people.userNameOf(sql`m.sender_id`)} as "senderName",
  array(select c.channel_id from message_contents c where c.message_id = m.id order by c.channel_id) as "channelIds",
  (select ${STATE_COUNTS} from ${RECEIVERS_WITH_JOBS} where r.message_id = m.id) as counts,
  m.created_at as "createdAt"`;

const FROM = sql`messages m left join message_classifications mc on mc.id = m.classification_id`;

function filtersOf(query: MessageQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.keyword) where.push(sql`m.title ilike ${containing(query.keyword)}`);
  if (query.source) where.push(sql`m.source = ${query.source}`);
  if (query.classificationId) where.push(sql`m.classification_id = ${query.classificationId}::uuid`);
  if (query.channelId)
    where.push(sql`exists (select 1 from message_contents c where c.message_id = m.id and c.channel_id = ${query.channelId})`);
  if (query.from) where.push(sql`m.created_at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`m.created_at < ${query.to}::timestamptz`);
  if (query.state) {
    where.push(sql`exists (select 1 from ${RECEIVERS_WITH_JOBS} where r.message_id = m.id and ${RECEIVER_STATE} = ${query.state})`);
  }
  return sql.join(where, sql` and `);
}

/** Sent messages, newest first, each with its receivers counted by state. */
export async function listMessages(db: Db, people: PermissionApi['people'], query: MessageQuery): Promise<PageOf<MessageSummary>> {
  const window = pageWindow(query);
  const where = filtersOf(query);
  const [counted] = await rawRows<{ total: number }>(db, sql`select count(*)::int as total from ${FROM} where ${where}`);
  const rows = await rawRows<Row>(
    db,
    sql`select ${columns(people)} from ${FROM} where ${where}
      order by m.created_at desc, m.id desc limit ${window.size} offset ${window.offset}`,
  );
  return pageOf(rows.map(summaryOf), Number(counted?.total ?? 0), window);
}

/** One message with what each channel carried; a 404 when there is none. */
export async function getMessage(db: Db, people: PermissionApi['people'], id: string): Promise<MessageDetail> {
  const [row] = await rawRows<Row & { notice: MessageDetail['notice']; variables: Record<string, unknown> }>(
    db,
    sql`select ${columns(people)}, m.notice, m.variables from ${FROM} where m.id = ${id}::uuid`,
  );
  if (!row) throw notFound('The message');
  const contents = await rawRows<MessageDetail['contents'][number]>(
    db,
    sql`select c.channel_id as "channelId", ch.name as "channelName", ch.type as "channelType", c.template_id as "templateId",
        c.subject, c.body, c.format
      from message_contents c join message_channels ch on ch.id = c.channel_id
      where c.message_id = ${id}::uuid order by c.channel_id`,
  );
  return { ...summaryOf(row), notice: row.notice, variables: row.variables, contents };
}

/** A 404 unless the message exists (the receiver calls' guard). */
export async function assertMessage(db: Db, id: string): Promise<void> {
  const [row] = await rawRows<{ id: string }>(db, sql`select id from messages where id = ${id}::uuid`);
  if (!row) throw notFound('The message');
}

/** Deliveries per channel of the messages sent in the period (all time without one). */
export async function channelRecords(db: Db, period: { from?: string; to?: string }): Promise<ChannelRecord[]> {
  const inPeriod = sql.join(
    [
      sql`true`,
      ...(period.from ? [sql`m.created_at >= ${period.from}::timestamptz`] : []),
      ...(period.to ? [sql`m.created_at < ${period.to}::timestamptz`] : []),
    ],
    sql` and `,
  );
  return rawRows<ChannelRecord>(
    db,
    sql`select ch.id as "channelId", ch.name as "channelName", ch.type as "channelType",
        (select count(*)::int from message_contents c join messages m on m.id = c.message_id where c.channel_id = ch.id and ${inPeriod}) as messages,
        (select ${STATE_COUNTS} from ${RECEIVERS_WITH_JOBS} join messages m on m.id = r.message_id where r.channel_id = ch.id and ${inPeriod}) as counts
      from message_channels ch order by ch.type = 'inApp' desc, ch.name`,
  );
}
