import type { MenuNode } from '@portal/contracts';
import { asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { menus } from '../tables.ts';

export type MenuRow = typeof menus.$inferSelect;

/** Nests rows into a tree in sort order; `keep` filters nodes (their subtrees go with them). */
export function buildTree(rows: MenuRow[], keep: (row: MenuRow) => boolean = () => true): MenuNode[] {
  const byParent = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const nest = (parentId: string | null): MenuNode[] =>
    (byParent.get(parentId) ?? [])
      .filter(keep)
      .sort((a, b) => a.sort - b.sort)
      .map(({ createdAt: _createdAt, ...row }) => ({ ...row, children: nest(row.id) }));
  return nest(null);
}

/**
 * Which rows to load: all of them (default), the console catalogue (nodes of no application), or one
 * subtree by the resource string of its root (an application's own tree).
 */
export type MenuScope = { kind: 'all' } | { kind: 'console' } | { kind: 'subtree'; resource: string };

/** The node with this resource and every node below it. */
export const inSubtree = (resource: string): SQL => {
  const prefix = `${resource}:`;
  // left() rather than LIKE: names may hold '_', a LIKE wildcard.
  return or(eq(menus.resource, resource), sql`left(${menus.resource}, ${prefix.length}::int) = ${prefix}`) as SQL;
};

const scopeFilter = (scope: MenuScope): SQL | undefined => {
  if (scope.kind === 'console') return isNull(menus.applicationId);
  return scope.kind === 'all' ? undefined : inSubtree(scope.resource);
};

export const loadMenuRows = (db: Db, scope: MenuScope = { kind: 'all' }): Promise<MenuRow[]> =>
  db.select().from(menus).where(scopeFilter(scope)).orderBy(asc(menus.sort));
