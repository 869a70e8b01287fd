import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { rawRows, type Db } from './client.ts';

const dialect = new PgDialect();

/** A statement's name on the connection: the same text is the same prepared statement. */
const nameOf = (text: string) => `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;

/**
 * The rows of a statement the server runs over and over (the job runner's claims and results). On
 * PostgreSQL it is prepared once per connection, so it is not planned again on every call: planning
 * a claim costs more than running it. On PGlite (no pool) it runs as `rawRows`.
 * Only for `db` itself, never a transaction: a pooled statement runs on whichever connection is free.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rawRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query<T & pg.QueryResultRow>({ name: nameOf(text), text, values: params });
  return result.rows;
}
