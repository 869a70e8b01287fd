import type { Role } from '@portal/contracts';
import { inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { assertAllExist, findOr404 } from '../../../platform/db/existence.ts';
import { roles } from '../tables.ts';

export type RoleRow = typeof roles.$inferSelect;

/**
 * The roles the console's routes deal in. An application's authorisation roles (`application_id`)
 * are its user permission's alone: no other route shows them, names them, hands them out or takes
 * them away (a role editor replacing a user's roles leaves them be), and they answer as unknown.
 */
export const consoleRoles = isNull(roles.applicationId);

/** One of the console's roles, or a 404. */
export const findConsoleRole = (db: Db, id: string) => findOr404(db, roles, id, 'The role', consoleRoles);

/** Refuses role ids (from a body) that are not the console's roles: a 400 naming them. */
export const assertConsoleRoles = (db: Db, ids: readonly string[], field = 'roleIds') =>
  assertAllExist(db, roles, ids, field, consoleRoles);

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
