import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/db/columns.ts';
import { userReference } from '../permission/references.ts';

/**
 * Key-value switches from before the system settings: only the registration switches were ever kept
 * here, and start-up moves them into the first version of the auth settings (settings/registration.ts).
 */
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

/**
 * The system settings (issue 11): every saved value of a section is a version, numbered from 1 per
 * system and section; the current value is the highest. `restored_from` names the version a restore copied.
 */
export const settingVersions = pgTable(
  'setting_versions',
  {
    systemId: text('system_id').notNull(),
    section: text('section').notNull(),
    version: integer('version').notNull(),
    value: jsonb('value').notNull(),
    changedBy: uuid('changed_by').references(userReference, { onDelete: 'set null' }),
    changedAt: instant('changed_at').notNull().defaultNow(),
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.section, t.version] })],
);
