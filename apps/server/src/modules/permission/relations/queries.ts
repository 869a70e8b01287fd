import type { Group, Role } from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { groupRoles, groups, groupUsers, users } from '../tables.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { LINKS, linked } from '../common/links.ts';
import { groupColumns, toGroup } from '../groups/rows.ts';
import { findConsoleRole, rolesByIds } from '../roles/rows.ts';

/** Reads of the relations, from either side; the named side must exist (404 otherwise). */
const groupsWhere = async (db: Db, ids: ReturnType<typeof inArray>): Promise<Group[]> =>
  (await db.select(groupColumns).from(groups).where(ids).orderBy(asc(groups.name), asc(groups.id))).map(toGroup);

export async function groupsOfUser(db: Db, userId: string): Promise<Group[]> {
  await findOr404(db, users, userId, 'The user');
  return groupsWhere(db, inArray(groups.id, db.select({ id: groupUsers.groupId }).from(groupUsers).where(eq(groupUsers.userId, userId))));
}

export async function rolesOfUser(db: Db, userId: string): Promise<Role[]> {
  await findOr404(db, users, userId, 'The user');
  return rolesByIds(db, await linked(db, LINKS.userRoles, userId));
}

export async function groupsOfRole(db: Db, roleId: string): Promise<Group[]> {
  await findConsoleRole(db, roleId);
  return groupsWhere(db, inArray(groups.id, db.select({ id: groupRoles.groupId }).from(groupRoles).where(eq(groupRoles.roleId, roleId))));
}

export async function rolesOfGroup(db: Db, groupId: string): Promise<Role[]> {
  await findOr404(db, groups, groupId, 'The group');
  return rolesByIds(db, await linked(db, LINKS.groupRoles, groupId));
}
