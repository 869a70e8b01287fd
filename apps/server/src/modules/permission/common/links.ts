import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import {
  groupRoles,
  groupUsers,
  orgRoles,
  positionRoles,
  roleMenus,
  roles,
  userPositions,
  userRoles,
  userSecondaryOrgs,
} from '../tables.ts';
import { consoleRoles } from '../roles/rows.ts';

/**
 * A many-to-many link table seen from one side (`own`): the ids on the other side are read, added,
 * removed or replaced for one owner.
 */
export interface Link {
  table: PgTable;
  own: PgColumn;
  other: PgColumn;
  /** The row linking `ownId` to `otherId`, keyed by the table's property names. */
  row(ownId: string, otherId: string): Record<string, string>;
  /** Which links the calls see, read, remove and replace (links to the console's roles only); all when absent. */
  visible?: SQL;
}

const link = (table: PgTable, own: PgColumn, other: PgColumn, ownKey: string, otherKey: string, visible?: SQL): Link => ({
  table,
  own,
  other,
  row: (ownId, otherId) => ({ [ownKey]: ownId, [otherKey]: otherId }),
  ...(visible ? { visible } : {}),
});

/**
 * Links to a role, as the console's editors see them: an application's authorisation roles are its
 * user permission's alone (roles/rows.ts `consoleRoles`), so replacing a user's roles leaves them be.
 */
const toConsoleRole = (other: PgColumn) => sql`${other} in (select ${roles.id} from ${roles} where ${consoleRoles})`;
const roleLink = (table: PgTable, own: PgColumn, other: PgColumn, ownKey: string) =>
  link(table, own, other, ownKey, 'roleId', toConsoleRole(other));

export const LINKS = {
  orgRoles: roleLink(orgRoles, orgRoles.orgId, orgRoles.roleId, 'orgId'),
  orgSecondaryUsers: link(userSecondaryOrgs, userSecondaryOrgs.orgId, userSecondaryOrgs.userId, 'orgId', 'userId'),
  positionUsers: link(userPositions, userPositions.positionId, userPositions.userId, 'positionId', 'userId'),
  positionRoles: roleLink(positionRoles, positionRoles.positionId, positionRoles.roleId, 'positionId'),
  groupUsers: link(groupUsers, groupUsers.groupId, groupUsers.userId, 'groupId', 'userId'),
  groupRoles: roleLink(groupRoles, groupRoles.groupId, groupRoles.roleId, 'groupId'),
  roleGroups: link(groupRoles, groupRoles.roleId, groupRoles.groupId, 'roleId', 'groupId'),
  roleUsers: link(userRoles, userRoles.roleId, userRoles.userId, 'roleId', 'userId'),
  userRoles: roleLink(userRoles, userRoles.userId, userRoles.roleId, 'userId'),
  userGroups: link(groupUsers, groupUsers.userId, groupUsers.groupId, 'userId', 'groupId'),
  roleMenus: link(roleMenus, roleMenus.roleId, roleMenus.menuId, 'roleId', 'menuId'),
} as const;

export async function linked(db: Db, l: Link, ownId: string): Promise<string[]> {
  const rows = await db
    .select({ id: l.other })
    .from(l.table)
    .where(and(eq(l.own, ownId), l.visible));
  return rows.map((row) => String(row.id));
}

/**
 * Adds the links to `ids` not among `present` (the ids linked now, as the caller read them in this
 * transaction); a concurrent add of the same link is skipped too. Answers the ids actually added.
 */
export async function insertLinks(tx: Db, l: Link, ownId: string, ids: readonly string[], present: readonly string[]): Promise<string[]> {
  const fresh = ids.filter((id) => !present.includes(id));
  if (fresh.length === 0) return [];
  const added = await tx
    .insert(l.table)
    .values(fresh.map((id) => l.row(ownId, id)))
    .onConflictDoNothing()
    .returning({ id: l.other });
  return added.map((row) => String(row.id));
}

/** Adds the links not there yet; answers the ids actually added. */
export const addLinks = async (tx: Db, l: Link, ownId: string, ids: readonly string[]): Promise<string[]> =>
  insertLinks(tx, l, ownId, ids, await linked(tx, l, ownId));

/** Removes the links that exist; answers the ids actually removed. */
export async function removeLinks(tx: Db, l: Link, ownId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(l.table)
    .where(and(eq(l.own, ownId), inArray(l.other, [...ids]), l.visible))
    .returning({ id: l.other });
  return removed.map((row) => String(row.id));
}

/** Makes the links exactly `ids`; answers what was there before. */
export async function replaceLinks(tx: Db, l: Link, ownId: string, ids: readonly string[]): Promise<string[]> {
  const before = await linked(tx, l, ownId);
  await removeLinks(
    tx,
    l,
    ownId,
    before.filter((id) => !ids.includes(id)),
  );
  await insertLinks(tx, l, ownId, ids, before);
  return before;
}
