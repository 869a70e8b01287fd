import type { LinkChange } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { groups, roles, users } from '../../../platform/db/schema.ts';
import type { PermissionService } from '../context.ts';
import { assertAllExist } from '../common/existence.ts';
import { callerGuard } from '../common/grant-guard.ts';
import { insertLinks, linked, LINKS, removeLinks, type Link } from '../common/links.ts';
import { keepingSuperAdmin } from '../common/super-admin-guard.ts';

type Existence = Parameters<typeof assertAllExist>[1];

/** One kind of relation call: the link table seen from the body's single id, and what each side is. */
export interface Relation {
  link: Link;
  /** The single id of the body (groupId, roleId) and the table it names. */
  own: { field: string; table: Existence };
  /** The list of the body (userIds, groupIds) and the table they name. */
  others: { field: string; table: Existence };
  /** Audit action prefix and target type, e.g. `groups.users` on a `group`. */
  action: string;
  targetType: string;
  /** The roles the new links hand out, for the safety rule. */
  rolesHandedOut(db: Db, ownId: string): Promise<string[]>;
}

export const RELATIONS = {
  groupUsers: {
    link: LINKS.groupUsers,
    own: { field: 'groupId', table: groups },
    others: { field: 'userIds', table: users },
    action: 'groups.users',
    targetType: 'group',
    // Membership hands out the group's roles.
    rolesHandedOut: (db, groupId) => linked(db, LINKS.groupRoles, groupId),
  },
  roleUsers: {
    link: LINKS.roleUsers,
    own: { field: 'roleId', table: roles },
    others: { field: 'userIds', table: users },
    action: 'roles.users',
    targetType: 'role',
    rolesHandedOut: async (_db, roleId) => [roleId],
  },
  roleGroups: {
    link: LINKS.roleGroups,
    own: { field: 'roleId', table: roles },
    others: { field: 'groupIds', table: groups },
    action: 'roles.groups',
    targetType: 'role',
    rolesHandedOut: async (_db, roleId) => [roleId],
  },
} satisfies Record<string, Relation>;

/** Adds links (existing ones are skipped); the caller must hold every resource the new links hand out. */
export async function addRelation(
  ps: PermissionService,
  actor: AuditActor,
  relation: Relation,
  ownId: string,
  ids: string[],
): Promise<LinkChange> {
  await assertAllExist(ps.db, relation.own.table, [ownId], relation.own.field);
  await assertAllExist(ps.db, relation.others.table, ids, relation.others.field);
  const present = new Set(await linked(ps.db, relation.link, ownId));
  if (ids.some((id) => !present.has(id)))
    await callerGuard(ps.db, ps.decider, actor.actorId).roles(await relation.rolesHandedOut(ps.db, ownId));
  const added = await ps.db.transaction(async (tx) => {
    const before = await linked(tx, relation.link, ownId);
    const fresh = await insertLinks(tx, relation.link, ownId, ids, before);
    if (fresh.length > 0) {
      const change = { before: { [relation.others.field]: before }, after: { [relation.others.field]: [...before, ...fresh] } };
      await recordAudit(tx, actor, { action: `${relation.action}.add`, targetType: relation.targetType, targetId: ownId, ...change });
    }
    return fresh;
  });
  if (added.length > 0) await ps.decider.changed();
  return { changed: added.length };
}

/** Removes links; refused when it would leave no active super-administrator. */
export async function removeRelation(
  ps: PermissionService,
  actor: AuditActor,
  relation: Relation,
  ownId: string,
  ids: string[],
): Promise<LinkChange> {
  await assertAllExist(ps.db, relation.own.table, [ownId], relation.own.field);
  const removed = await ps.db.transaction(async (tx) => {
    const before = await linked(tx, relation.link, ownId);
    const gone = await keepingSuperAdmin(tx, () => removeLinks(tx, relation.link, ownId, ids));
    if (gone.length > 0) {
      const after = before.filter((id) => !gone.includes(id));
      const change = { before: { [relation.others.field]: before }, after: { [relation.others.field]: after } };
      await recordAudit(tx, actor, { action: `${relation.action}.remove`, targetType: relation.targetType, targetId: ownId, ...change });
    }
    return gone;
  });
  if (removed.length > 0) await ps.decider.changed();
  return { changed: removed.length };
}
