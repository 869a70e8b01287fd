import type { ApplicationState, ApplicationType, OpenType } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { menus, users } from './schema.ts';

/**
 * The application registry (issue 4): what the workbench launches. Each application owns a root menu
 * node (`menu_id`, its resource is the instant) under which its own menu tree hangs; nodes of that
 * tree carry `menus.application_id`. The root must not vanish under the application (restrict).
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instant: text('instant').notNull().unique(),
    name: text('name').notNull(),
    type: text('type').$type<ApplicationType>().notNull(),
    category: jsonb('category')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pathname: text('pathname'),
    appUrl: text('app_url'),
    openType: text('open_type').$type<OpenType>().notNull().default('Current'),
    appCategory: text('app_category'),
    redirect: text('redirect'),
    icon: text('icon'),
    description: text('description'),
    state: text('state').$type<ApplicationState>().notNull().default('enabled'),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    menuId: uuid('menu_id')
      .notNull()
      .unique()
      .references((): AnyPgColumn => menus.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applications_owner_idx').on(t.ownerId), index('applications_sort_idx').on(t.sort, t.name)],
);
