import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every module's tables share, so ids and instants are declared one way. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAtColumn = () => instant('created_at').notNull().defaultNow();
