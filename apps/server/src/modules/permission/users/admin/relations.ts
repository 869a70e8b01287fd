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
import { consoleRoles } from '../../roles/rows.ts';

/** What a user is directly linked to, as the PUT …/all calls replace it. */
const USER_LINKS = {
  roles: { link: LINKS.userRoles, table: roles, field: 'roleIds', where: consoleRoles },
  groups: { link: LINKS.userGroups, table: groups, field: 'groupIds', where: undefined },
} as const;

/**
 * PUT /users/{id}/roles/all and PUT /users/{userId}/groups/all: the user's direct roles (or groups)
 * become exactly `ids`. The change is checked for containment: a role newly held, directly or
 * through a group joined, must hold only what the caller holds (403), and losing the last active
 * super-administrator is refused (409).
 */
export async function replaceUserLinks(
  deps: UserAdminDeps,
  caller: Caller,
  userId: string,
  kind: keyof typeof USER_LINKS,
  ids: string[],
): Promise<void> {
  const { link, table, field, where } = USER_LINKS[kind];
  await assertAllExist(deps.db, table, ids, field, where);
  await changeAs(deps.db, caller.actor, async (tx) => {
    await lockUser(tx, userId);
    const before = await replaceLinks(tx, link, userId, ids);
    await recordAudit(tx, caller.actor, {
      action: `users.${kind}.update`,
      targetType: 'user',
      targetId: userId,
      before: { [field]: before },
      after: { [field]: ids },
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
