import type { NoticeEntry } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Inside messages (message-engine): one row per message, one row per recipient. A recipient row is
 * the message in one user's inbox: deleting it removes the message from that inbox only.
 */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const insideMessages = pgTable('inside_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** Which module or feature sent it (e.g. 'system', 'approver'). */
  source: text('source').notNull(),
  /** Which application (and menu) a click on the message opens. */
  notice: jsonb('notice')
    .$type<NoticeEntry[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const insideMessageRecipients = pgTable(
  'inside_message_recipients',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => insideMessages.id, { onDelete: 'cascade' }),
    /** The message's creation time, copied here so an inbox is read newest first from one index. */
    deliveredAt: at('delivered_at').notNull(),
    readAt: at('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    // A user's inbox, newest first (the id breaks ties, as the list orders by it too).
    index('inside_message_recipients_inbox_idx').on(t.userId, t.deliveredAt.desc(), t.messageId.desc()),
    // The bell: the unread count and the newest unread messages touch unread rows only.
    index('inside_message_recipients_unread_idx')
      .on(t.userId, t.deliveredAt.desc())
      .where(sql`${t.readAt} is null`),
    index('inside_message_recipients_message_idx').on(t.messageId),
  ],
);
