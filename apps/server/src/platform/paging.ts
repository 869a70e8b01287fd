import type { PageOf, PageQuery } from '@portal/contracts';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The rows to skip and take for a page (defaults: page 1, 20 rows). */
export function pageWindow(query: PageQuery) {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  return { page, size, offset: (page - 1) * size };
}

export const pageOf = <T>(list: T[], total: number, window: { page: number; size: number }): PageOf<T> => ({
  list,
  total,
  page: window.page,
  size: window.size,
});

/** The text with LIKE's own wildcards escaped, so a '%' in it matches a literal '%'. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%keyword%` for LIKE. */
export const containing = (keyword: string): string => `%${escapeLike(keyword)}%`;

/** `prefix%` for LIKE. */
export const startingWith = (prefix: string): string => `${escapeLike(prefix)}%`;

/**
 * The ORDER BY of a list: the caller's sort field when the list allows it, else the list's default;
 * the id last, so pages never overlap when sort values tie.
 */
export function orderOf(query: PageQuery, sortable: Record<string, PgColumn>, fallback: SQL[], id: PgColumn): SQL[] {
  // Own keys only: a sort named like an Object.prototype member (`constructor`) is not a column.
  const column = query.sort && Object.hasOwn(sortable, query.sort) ? sortable[query.sort] : undefined;
  if (!column) return [...fallback, asc(id)];
  return [query.order === 'descend' ? desc(column) : asc(column), asc(id)];
}
