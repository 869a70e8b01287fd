import type { Group, GroupInput, PageOf } from '@portal/contracts';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { groups } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../common/db-errors.ts';
import { LINKS, linked } from '../common/links.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { groupColumns, toGroup } from './rows.ts';
import { findOr404 } from '../common/existence.ts';
import { changeAs } from '../access/containment/change.ts';

type Input = Static<typeof GroupInput>;
const sortable = { name: groups.name, code: groups.code, createdAt: groups.createdAt };

const findGroup = (db: Db, id: string) => findOr404(db, groups, id, 'The group');

export async function getGroup(db: Db, id: string): Promise<Group> {
  const [row] = await db.select(groupColumns).from(groups).where(eq(groups.id, id));
  if (!row) throw notFound('The group');
  return toGroup(row);
}

export async function pageGroups(
  db: Db,
  query: { page?: number; size?: number; keyword?: string; sort?: string; order?: 'ascend' | 'descend'; actived?: boolean },
): Promise<PageOf<Group>> {
  const window = pageWindow(query);
  const where = and(
    query.actived === undefined ? undefined : eq(groups.actived, query.actived),
    query.keyword ? or(ilike(groups.name, containing(query.keyword)), ilike(groups.code, containing(query.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .where(where)
      .orderBy(...orderOf(query, sortable, [desc(groups.createdAt)], groups.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(groups).where(where),
  ]);
  return pageOf(rows.map(toGroup), total?.count ?? 0, window);
}

export async function createGroup(ps: PermissionService, actor: AuditActor, input: Input): Promise<Group> {
  const id = await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const [row] = await tx
          .insert(groups)
          .values({ code: input.code, name: input.name, description: input.description ?? null })
          .returning();
        if (!row) throw new Error('group insert returned nothing');
        await recordAudit(tx, actor, { action: 'groups.create', targetType: 'group', targetId: row.id, after: row });
        return row.id;
      }),
    'A group',
  );
  return getGroup(ps.db, id);
}

export async function updateGroup(ps: PermissionService, actor: AuditActor, id: string, input: Input): Promise<Group> {
  await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const before = await findGroup(tx, id);
        const description = input.description === undefined ? before.description : input.description;
        const [after] = await tx
          .update(groups)
          .set({ code: input.code, name: input.name, description, updatedAt: new Date() })
          .where(eq(groups.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'groups.update', targetType: 'group', targetId: id, before, after });
      }),
    'A group',
  );
  return getGroup(ps.db, id);
}

export async function deleteGroup(ps: PermissionService, actor: AuditActor, id: string): Promise<void> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findGroup(tx, id);
    const userIds = await linked(tx, LINKS.groupUsers, id);
    const roleIds = await linked(tx, LINKS.groupRoles, id);
    await tx.delete(groups).where(eq(groups.id, id));
    await recordAudit(tx, actor, { action: 'groups.delete', targetType: 'group', targetId: id, before: { ...before, userIds, roleIds } });
  });
  await ps.decider.changed();
}

/**
 * Activates or disables a group: a disabled group's roles stop applying to its members. Activating
 * hands those roles out again, so the caller must hold them.
 */
export async function setGroupActived(ps: PermissionService, actor: AuditActor, id: string, actived: boolean): Promise<Group> {
  await findGroup(ps.db, id);
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findGroup(tx, id);
    await tx.update(groups).set({ actived, updatedAt: new Date() }).where(eq(groups.id, id));
    const action = actived ? 'groups.activate' : 'groups.disable';
    await recordAudit(tx, actor, { action, targetType: 'group', targetId: id, before: { actived: before.actived }, after: { actived } });
  });
  await ps.decider.changed();
  return getGroup(ps.db, id);
}
