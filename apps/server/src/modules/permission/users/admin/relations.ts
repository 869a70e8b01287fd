import type { UserResources } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { notFound } from '../../../../platform/errors.ts';
import { groups, roles, users } from '../../tables.ts';
import { assertAllExist } from '../../../../platform/db/existence.ts';
import { LINKS, replaceLinks } from '../../common/links.ts';
import { changeAs } from '../../access/containment/change.ts';
import { lockUser, type Caller, type UserAdminDeps } from './context.ts';

/**
 * PUT /users/{id}/roles/all: the user's direct roles become exactly `roleIds`. A role newly granted
 * must hold only resources the caller holds (403); losing the last active super-administrator is
 * refused (409).
 */
export async function replaceUserRoles(deps: UserAdminDeps, caller: Caller, userId: string, roleIds: string[]): Promise<void> {
  const { db } = deps;
  await assertAllExist(db, roles, roleIds, 'roleIds');
  await changeAs(deps.db, caller.actor, async (tx) => {
    await lockUser(tx, userId);
    const before = await replaceLinks(tx, LINKS.userRoles, userId, roleIds);
    await recordAudit(tx, caller.actor, {
      action: 'users.roles.update',
      targetType: 'user',
      targetId: userId,
      before: { roleIds: before },
      after: { roleIds },
    });
  });
}

/**
 * PUT /users/{userId}/groups/all: the user's groups become exactly `groupIds`. Joining a group hands
 * the user the group's roles, so the same grant rule applies to the roles of the groups joined.
 */
export async function replaceUserGroups(deps: UserAdminDeps, caller: Caller, userId: string, groupIds: string[]): Promise<void> {
  const { db } = deps;
  await assertAllExist(db, groups, groupIds, 'groupIds');
  await changeAs(deps.db, caller.actor, async (tx) => {
    await lockUser(tx, userId);
    const before = await replaceLinks(tx, LINKS.userGroups, userId, groupIds);
    await recordAudit(tx, caller.actor, {
      action: 'users.groups.update',
      targetType: 'user',
      targetId: userId,
      before: { groupIds: before },
      after: { groupIds },
    });
  });
}

/** GET /users/{id}/resources: the user's effective roles (from every source) and the resources they grant. */
export async function userResources(db: Db, deps: Pick<UserAdminDeps, 'decider'>, userId: string): Promise<UserResources> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!exists) throw notFound('The user');
  const grants = await deps.decider.grantsOf(userId);
  return { all: grants.all, resources: grants.resources, roles: grants.roles };
}
