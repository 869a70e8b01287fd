import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { NoticeEntry } from '@portal/contracts';
import { userReference } from '../permission/references.ts';
import { instant } from '../../platform/db/columns.ts';

/** message-engine's tables. */
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
  senderId: uuid('sender_id').references(userReference, { onDelete: 'set null' }),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const insideMessageRecipients = pgTable(
  'inside_message_recipients',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => insideMessages.id, { onDelete: 'cascade' }),
    /** The message's creation time, copied here so an inbox is read newest first from one index. */
    deliveredAt: instant('delivered_at').notNull(),
    readAt: instant('read_at'),
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
