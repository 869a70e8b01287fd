import { eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { organizations } from '../tables.ts';
import { nextSort, placeAmongSiblings } from '../common/reorder.ts';
import type { OrgRow } from './rows.ts';

/** The parent named in a body, or a 400 naming the field when it does not exist. */
export async function parentFromBody(tx: Db, parentId: string | null | undefined): Promise<OrgRow | null> {
  if (!parentId) return null;
  const [parent] = await tx.select().from(organizations).where(eq(organizations.id, parentId)).limit(1);
  if (!parent) throw badRequest('parentId: the parent organisation does not exist', { field: 'parentId' });
  return parent;
}

const childrenOf = (parentId: string | null) => (parentId ? eq(organizations.parentId, parentId) : isNull(organizations.parentId));

/** The sort value that puts a new child last under a parent. */
export const nextChildSort = (tx: Db, parentId: string | null): Promise<number> => nextSort(tx, organizations.sort, childrenOf(parentId));

/**
 * Moves an organisation under `parent` (null: to the roots) at `index` among its new siblings, and
 * rewrites the materialised path of the whole moved subtree. Runs inside the caller's transaction.
 */
export async function moveOrg(tx: Db, org: OrgRow, parent: OrgRow | null, index: number): Promise<void> {
  if (parent && parent.path.startsWith(org.path)) {
    throw badRequest('An organisation cannot be moved under itself or one of its descendants', { field: 'parentId' });
  }
  const parentId = parent?.id ?? null;
  const table = { table: organizations, id: organizations.id, sort: organizations.sort, then: organizations.name };
  await placeAmongSiblings(tx, table, childrenOf(parentId), org.id, index);
  const path = `${parent?.path ?? '/'}${org.id}/`;
  if (path !== org.path) {
    await tx
      .update(organizations)
      .set({ path: sql`${path}::text || substr(${organizations.path}, ${org.path.length + 1}::int)` })
      .where(like(organizations.path, `${org.path}%`)); // uuids and '/' only: no LIKE wildcard, and the prefix index applies
  }
  await tx.update(organizations).set({ parentId, updatedAt: new Date() }).where(eq(organizations.id, org.id));
}
