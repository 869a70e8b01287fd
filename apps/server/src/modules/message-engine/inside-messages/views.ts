import type { InsideMessage } from '@portal/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { insideMessageRecipients as recipients, insideMessages as messages } from '../tables.ts';
/** Where inboxes are read: the database, and permission's api to name the senders. */
export interface InboxSource {
  db: Db;
  people: PermissionApi['people'];
}

const messageColumns = (people: InboxSource['people']) => ({
  id: messages.id,
  title: messages.title,
  content: messages.content,
  source: messages.source,
  notice: messages.notice,
  senderName: people.userNameOf(messages.senderId),
  createdAt: messages.createdAt,
});

/** The messages in one user's inbox that match `where`, as the user sees them (their read state, the sender's name). */
export const inboxOf = ({ db, people }: InboxSource, userId: string, where?: SQL) =>
  db
    .select({ ...messageColumns(people), readAt: recipients.readAt })
    .from(recipients)
    .innerJoin(messages, eq(messages.id, recipients.messageId))
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
export async function newMessageById({ db, people }: InboxSource, id: string): Promise<InsideMessage | undefined> {
  const [row] = await db.select(messageColumns(people)).from(messages).where(eq(messages.id, id));
  return row && toInsideMessage({ ...row, readAt: null });
}
