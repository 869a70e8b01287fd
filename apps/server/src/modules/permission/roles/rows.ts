import type { Role } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { roles } from '../tables.ts';

export type RoleRow = typeof roles.$inferSelect;

export const toRole = (row: RoleRow): Role => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  allResources: row.allResources,
  sort: row.sort,
  createdAt: row.createdAt.toISOString(),
});

/** The roles with these ids, in display order (sort, then name). */
export async function rolesByIds(db: Db, roleIds: readonly string[]): Promise<Role[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select()
    .from(roles)
    .where(inArray(roles.id, [...roleIds]))
    .orderBy(roles.sort, roles.name);
  return rows.map(toRole);
}
