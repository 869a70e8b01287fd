import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';

interface Sorted {
  table: PgTable;
  id: PgColumn;
  /** The column of the `sort` property. */
  sort: PgColumn;
  /** Tie-breaker after sort, e.g. the name. */
  then: PgColumn;
}

/**
 * Puts `movedId` at `index` (clamped to the end) among the rows matching `siblings`, renumbering
 * their sort 0…n. Only rows whose sort value changes are written, so a drop near the end is cheap.
 */
export async function placeAmongSiblings(tx: Db, t: Sorted, siblings: SQL, movedId: string, index: number): Promise<void> {
  const rows = await tx
    .select({ id: t.id, sort: t.sort })
    .from(t.table)
    .where(and(siblings, ne(t.id, movedId)))
    .orderBy(asc(t.sort), asc(t.then), asc(t.id));
  const order = rows.map((row) => String(row.id));
  order.splice(Math.min(index, order.length), 0, movedId);
  const sortOf = new Map(rows.map((row) => [String(row.id), Number(row.sort)]));
  for (const [sort, id] of order.entries()) {
    if (id !== movedId && sortOf.get(id) === sort) continue;
    await tx.update(t.table).set({ sort }).where(eq(t.id, id));
  }
}

/** One past the largest `sort` of the rows matching `where`: the sort value that puts a new row last. */
export async function nextSort(tx: Db, sort: PgColumn, where?: SQL): Promise<number> {
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${sort}), -1)`.mapWith(Number) })
    .from(sort.table)
    .where(where);
  return (last?.max ?? -1) + 1;
}
