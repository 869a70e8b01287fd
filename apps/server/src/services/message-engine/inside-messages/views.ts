import type { InsideMessage } from '@portal/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { insideMessageRecipients as recipients, insideMessages as messages, users } from '../../../platform/db/schema.ts';

const senders = alias(users, 'sender');

const messageColumns = {
  id: messages.id,
  title: messages.title,
  content: messages.content,
  source: messages.source,
  notice: messages.notice,
  senderName: senders.name,
  createdAt: messages.createdAt,
};

/** The messages in one user's inbox that match `where`, as the user sees them (their read state, the sender's name). */
export const inboxOf = (db: Db, userId: string, where?: SQL) =>
  db
    .select({ ...messageColumns, readAt: recipients.readAt })
    .from(recipients)
    .innerJoin(messages, eq(messages.id, recipients.messageId))
    .leftJoin(senders, eq(senders.id, messages.senderId))
    .where(and(eq(recipients.userId, userId), where))
    .$dynamic();

type InboxRow = Awaited<ReturnType<typeof inboxOf>>[number];

export const toInsideMessage = (row: InboxRow): InsideMessage => ({
  ...row,
  state: row.readAt ? 'read' : 'unread',
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** A message as it reaches every recipient's inbox: unread. */
export async function newMessageById(db: Db, id: string): Promise<InsideMessage | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(senders, eq(senders.id, messages.senderId))
    .where(eq(messages.id, id));
  return row && toInsideMessage({ ...row, readAt: null });
}
