import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { applications, users } from './tables.ts';

/** The column other modules' tables may point a foreign key at: for integrity only, never to query (use permission's api). */
export const userReference = (): AnyPgColumn => users.id;

/** The application column an OAuth client of the reception-center hangs from (deleted with its application). */
export const applicationReference = (): AnyPgColumn => applications.id;
