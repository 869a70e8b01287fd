import type { LinkChange } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { groups, roles, users } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { assertAllExist } from '../../../platform/db/existence.ts';
import { insertLinks, linked, LINKS, removeLinks, type Link } from '../common/links.ts';
import { changeAs } from '../access/containment/change.ts';

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
}

export const RELATIONS = {
  groupUsers: {
    link: LINKS.groupUsers,
    own: { field: 'groupId', table: groups },
    others: { field: 'userIds', table: users },
    action: 'groups.users',
    targetType: 'group',
  },
  roleUsers: {
    link: LINKS.roleUsers,
    own: { field: 'roleId', table: roles },
    others: { field: 'userIds', table: users },
    action: 'roles.users',
    targetType: 'role',
  },
  roleGroups: {
    link: LINKS.roleGroups,
    own: { field: 'roleId', table: roles },
    others: { field: 'groupIds', table: groups },
    action: 'roles.groups',
    targetType: 'role',
  },
} satisfies Record<string, Relation>;

/** Adds links (existing ones are skipped); the change is checked for containment like every other. */
export async function addRelation(
  ps: PermissionService,
  actor: AuditActor,
  relation: Relation,
  ownId: string,
  ids: string[],
): Promise<LinkChange> {
  await assertAllExist(ps.db, relation.own.table, [ownId], relation.own.field);
  await assertAllExist(ps.db, relation.others.table, ids, relation.others.field);
  const added = await changeAs(ps.db, actor, async (tx) => {
    const before = await linked(tx, relation.link, ownId);
    const fresh = await insertLinks(tx, relation.link, ownId, ids, before);
    if (fresh.length > 0) {
      const change = { before: { [relation.others.field]: before }, after: { [relation.others.field]: [...before, ...fresh] } };
      await recordAudit(tx, actor, { action: `${relation.action}.add`, targetType: relation.targetType, targetId: ownId, ...change });
    }
    return fresh;
  });
  return { changed: added.length };
}

/** Removes links; checked for containment like every other change (no super-administrator left is refused too). */
export async function removeRelation(
  ps: PermissionService,
  actor: AuditActor,
  relation: Relation,
  ownId: string,
  ids: string[],
): Promise<LinkChange> {
  await assertAllExist(ps.db, relation.own.table, [ownId], relation.own.field);
  const removed = await changeAs(ps.db, actor, async (tx) => {
    const before = await linked(tx, relation.link, ownId);
    const gone = await removeLinks(tx, relation.link, ownId, ids);
    if (gone.length > 0) {
      const after = before.filter((id) => !gone.includes(id));
      const change = { before: { [relation.others.field]: before }, after: { [relation.others.field]: after } };
      await recordAudit(tx, actor, { action: `${relation.action}.remove`, targetType: relation.targetType, targetId: ownId, ...change });
    }
    return gone;
  });
  return { changed: removed.length };
}
