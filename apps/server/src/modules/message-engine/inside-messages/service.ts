import type { InsideMessage, InsideMessageQuery, PageOf, UnreadCount, UnreadSummary } from '@portal/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { insideMessageRecipients as recipients, insideMessages as messages } from '../tables.ts';
import { notFound } from '../../../platform/errors.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';
import { inboxOf, toInsideMessage, type InboxSource } from './views.ts';

/**
 * A user's inbox. Every call is scoped to the caller's own recipient rows: another user's message
 * is indistinguishable from one that does not exist (404), and a refused call changes nothing.
 */
const LATEST_UNREAD = 5;
const newestFirst = [desc(recipients.deliveredAt), desc(recipients.messageId)];

export async function pageInbox(inbox: InboxSource, userId: string, query: InsideMessageQuery): Promise<PageOf<InsideMessage>> {
  const window = pageWindow(query);
  const keyword = query.keyword ? containing(query.keyword) : undefined;
  const where = and(
    query.source ? eq(messages.source, query.source) : undefined,
    query.state === 'unread' ? isNull(recipients.readAt) : query.state === 'read' ? isNotNull(recipients.readAt) : undefined,
    keyword ? or(ilike(messages.title, keyword), ilike(messages.content, keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    inboxOf(inbox, userId, where)
      .orderBy(...newestFirst)
      .limit(window.size)
      .offset(window.offset),
    inbox.db
      .select({ count: count() })
      .from(recipients)
      .innerJoin(messages, eq(messages.id, recipients.messageId))
      .where(and(eq(recipients.userId, userId), where)),
  ]);
  return pageOf(rows.map(toInsideMessage), total?.count ?? 0, window);
}

export async function getMessage(inbox: InboxSource, userId: string, id: string): Promise<InsideMessage> {
  const [row] = await inboxOf(inbox, userId, eq(recipients.messageId, id));
  if (!row) throw notFound('The message');
  return toInsideMessage(row);
}

export async function unreadCount(db: Db, userId: string): Promise<UnreadCount> {
  const [row] = await db
    .select({ unread: count() })
    .from(recipients)
    .where(and(eq(recipients.userId, userId), isNull(recipients.readAt)));
  return { unread: row?.unread ?? 0 };
}

export async function unreadSummary(inbox: InboxSource, userId: string): Promise<UnreadSummary> {
  const [{ unread }, latest] = await Promise.all([
    unreadCount(inbox.db, userId),
    inboxOf(inbox, userId, isNull(recipients.readAt))
      .orderBy(...newestFirst)
      .limit(LATEST_UNREAD),
  ]);
  return { unread, latest: latest.map(toInsideMessage) };
}

/** The sources of the user's messages, each with its total and unread counts, by name. */
export const sourcesOf = (db: Db, userId: string) =>
  db
    .select({
      source: messages.source,
      total: count(),
      unread: sql<number>`(count(*) filter (where ${recipients.readAt} is null))::int`,
    })
    .from(recipients)
    .innerJoin(messages, eq(messages.id, recipients.messageId))
    .where(eq(recipients.userId, userId))
    .groupBy(messages.source)
    .orderBy(asc(messages.source));

/** Runs a change to some of the user's messages: all of them must be the user's, or nothing changes. */
async function changeOwn(db: Db, userId: string, ids: string[], change: (tx: Db) => Promise<unknown[]>): Promise<UnreadCount> {
  return db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed.length !== new Set(ids).size) throw notFound('One of the messages');
    return unreadCount(tx, userId);
  });
}

const own = (userId: string, ids: string[]) => and(eq(recipients.userId, userId), inArray(recipients.messageId, ids));

/** Marks the given messages read (those read already keep their time), or every unread one. */
export async function markRead(db: Db, userId: string, body: { ids: string[] } | { all: true }): Promise<UnreadCount> {
  if (!('ids' in body)) {
    await db
      .update(recipients)
      .set({ readAt: sql`now()` })
      .where(and(eq(recipients.userId, userId), isNull(recipients.readAt)));
    return unreadCount(db, userId);
  }
  return changeOwn(db, userId, body.ids, (tx) =>
    tx
      .update(recipients)
      .set({ readAt: sql`coalesce(${recipients.readAt}, now())` })
      .where(own(userId, body.ids))
      .returning({ id: recipients.messageId }),
  );
}

/** Removes the given messages from the user's inbox (other recipients keep theirs). */
export const deleteMessages = (db: Db, userId: string, ids: string[]): Promise<UnreadCount> =>
  changeOwn(db, userId, ids, (tx) => tx.delete(recipients).where(own(userId, ids)).returning({ id: recipients.messageId }));
