import type { Group, GroupInput } from '@portal/contracts';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { defineResource } from '../../../platform/resource/resource.ts';
import { changeAs } from '../access/containment/change.ts';
import { LINKS, linked } from '../common/links.ts';
import { groups } from '../tables.ts';
import { groupColumns, toGroup } from './rows.ts';

type Query = { page?: number; size?: number; keyword?: string; sort?: string; order?: 'ascend' | 'descend'; actived?: boolean };

/** User groups: a plain resource, plus activation (a disabled group's roles stop applying). */
export const groupResource = (db: Db) =>
  defineResource<typeof groups, Group, Static<typeof GroupInput>, Query>({
    table: groups,
    noun: 'group',
    read: {
      select: (from, where: SQL | undefined) => from.select(groupColumns).from(groups).where(where).$dynamic(),
      toDto: toGroup,
      sortable: { name: groups.name, code: groups.code, createdAt: groups.createdAt },
      defaultOrder: [desc(groups.createdAt)],
      keyword: [groups.name, groups.code],
      filters: (query) => [query.actived === undefined ? undefined : eq(groups.actived, query.actived)],
    },
    write: {
      values: (input, before) => ({
        code: input.code,
        name: input.name,
        description: input.description === undefined ? (before?.description ?? null) : input.description,
      }),
      // Who was in it and what it granted, so a deletion can be read back from the audit log.
      deletedContext: async (tx, id) => ({
        userIds: await linked(tx, LINKS.groupUsers, id),
        roleIds: await linked(tx, LINKS.groupRoles, id),
      }),
    },
    change: (actor, work) => changeAs(db, actor, work),
  });

export type GroupResource = ReturnType<typeof groupResource>;

/**
 * Activates or disables a group: a disabled group's roles stop applying to its members. Activating
 * hands those roles out again, so the caller must hold them.
 */
export async function setGroupActived(db: Db, resource: GroupResource, actor: AuditActor, id: string, actived: boolean): Promise<Group> {
  await resource.find(db, id);
  await resource.changing(actor, async (tx) => {
    const before = await resource.find(tx, id);
    await tx.update(groups).set({ actived, updatedAt: new Date() }).where(eq(groups.id, id));
    const action = actived ? 'groups.activate' : 'groups.disable';
    await recordAudit(tx, actor, { action, targetType: 'group', targetId: id, before: { actived: before.actived }, after: { actived } });
  });
  return resource.get(db, id);
}
