import type { LinkChange } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { groups, roles, users } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import type { Db } from '../../../platform/db/client.ts';
import { assertAllExist } from '../../../platform/db/existence.ts';
import { insertLinks, linked, LINKS, removeLinks, type Link } from '../common/links.ts';
import { changeAs } from '../access/containment/change.ts';
import { consoleRoles } from '../roles/rows.ts';
import type { SQL } from 'drizzle-orm';

/** The table ids name, and which of its rows a relation call may name (the console's roles only). */
interface Existence {
  field: string;
  table: Parameters<typeof assertAllExist>[1];
  where?: SQL;
}

/** One kind of relation call: the link table seen from the body's single id, and what each side is. */
export interface Relation {
  link: Link;
  /** The single id of the body (groupId, roleId) and the table it names. */
  own: Existence;
  /** The list of the body (userIds, groupIds) and the table they name. */
  others: Existence;
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
    own: { field: 'roleId', table: roles, where: consoleRoles },
    others: { field: 'userIds', table: users },
    action: 'roles.users',
    targetType: 'role',
  },
  roleGroups: {
    link: LINKS.roleGroups,
    own: { field: 'roleId', table: roles, where: consoleRoles },
    others: { field: 'groupIds', table: groups },
    action: 'roles.groups',
    targetType: 'role',
  },
} satisfies Record<string, Relation>;

/** What each verb does to the links: adding skips existing ones, removing may leave no super-administrator (refused). */
const VERBS = {
  add: {
    othersMustExist: true,
    apply: (tx: Db, relation: Relation, ownId: string, ids: string[], before: string[]) =>
      insertLinks(tx, relation.link, ownId, ids, before),
    after: (before: string[], changed: string[]) => [...before, ...changed],
  },
  remove: {
    othersMustExist: false,
    apply: (tx: Db, relation: Relation, ownId: string, ids: string[]) => removeLinks(tx, relation.link, ownId, ids),
    after: (before: string[], changed: string[]) => before.filter((id) => !changed.includes(id)),
  },
};

/** Adds or removes links in one change transaction, checked for containment like every other, with its audit entry. */
export async function changeRelation(
  ps: PermissionService,
  actor: AuditActor,
  relation: Relation,
  verb: keyof typeof VERBS,
  ownId: string,
  ids: string[],
): Promise<LinkChange> {
  const how = VERBS[verb];
  const { own, others } = relation;
  await assertAllExist(ps.db, own.table, [ownId], own.field, own.where);
  if (how.othersMustExist) await assertAllExist(ps.db, others.table, ids, others.field, others.where);
  const changed = await changeAs(ps.db, actor, async (tx) => {
    const before = await linked(tx, relation.link, ownId);
    const done = await how.apply(tx, relation, ownId, ids, before);
    if (done.length > 0) {
      const field = relation.others.field;
      const change = { before: { [field]: before }, after: { [field]: how.after(before, done) } };
      await recordAudit(tx, actor, { action: `${relation.action}.${verb}`, targetType: relation.targetType, targetId: ownId, ...change });
    }
    return done;
  });
  return { changed: changed.length };
}
