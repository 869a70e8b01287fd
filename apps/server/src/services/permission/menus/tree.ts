import type { MenuNode } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { menus } from '../../../platform/db/schema.ts';

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

export const loadMenuRows = (db: Db): Promise<MenuRow[]> => db.select().from(menus).orderBy(asc(menus.sort));
