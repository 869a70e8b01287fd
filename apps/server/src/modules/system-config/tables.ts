import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userReference } from '../permission/references.ts';

/** system-config's tables. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** system-config (issue 4): per-user configuration, one JSON document per user and name (Navmenu, Preferences). */
export const userConfigs = pgTable(
  'user_configs',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);
