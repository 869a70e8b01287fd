import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { badRequest, notFound } from '../errors.ts';

type WithId = PgTable & { id: PgColumn };

/**
 * Refuses ids (from a body) of rows that do not exist, or do not meet `where` (the rows a route may
 * name): a 400 naming the field and the ids, before any write.
 */
export async function assertAllExist(db: Db, table: WithId, ids: readonly string[], field: string, where?: SQL): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, [...ids]), where));
  const found = new Set(rows.map((row) => String(row.id)));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw badRequest(`${field}: unknown ids ${missing.slice(0, 5).join(', ')}`, { field, missing });
}

/** The row with this id (and meeting `where`, when given), or a 404 naming what was asked for. */
export async function findOr404<T extends WithId>(db: Db, table: T, id: string, what: string, where?: SQL): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where))
    .limit(1);
  if (!row) throw notFound(what);
  return row as T['$inferSelect'];
}
