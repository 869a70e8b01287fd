import type { PageOf, Position, PositionBrief, PositionInput } from '@portal/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { organizations, positions, roles, users } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../common/db-errors.ts';
import { assertAllExist, findOr404 } from '../common/existence.ts';
import { LINKS, linked, replaceLinks, type Link } from '../common/links.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { selectPositions, toPosition } from './rows.ts';
import { changeAs } from '../access/containment/change.ts';

type Input = Static<typeof PositionInput>;
const sortable = { name: positions.name, code: positions.code, sort: positions.sort, createdAt: positions.createdAt };

export const findPosition = (db: Db, id: string) => findOr404(db, positions, id, 'The position');

export async function getPosition(db: Db, id: string): Promise<Position> {
  const [row] = await selectPositions(db, eq(positions.id, id));
  if (!row) throw notFound('The position');
  return toPosition(row);
}

export async function pagePositions(
  db: Db,
  query: { page?: number; size?: number; keyword?: string; sort?: string; order?: 'ascend' | 'descend'; orgId?: string },
): Promise<PageOf<Position>> {
  const window = pageWindow(query);
  const where = and(
    query.orgId ? eq(positions.orgId, query.orgId) : undefined,
    query.keyword ? or(ilike(positions.name, containing(query.keyword)), ilike(positions.code, containing(query.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectPositions(db, where)
      .orderBy(...orderOf(query, sortable, [asc(positions.sort), asc(positions.name)], positions.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(positions).where(where),
  ]);
  return pageOf(rows.map(toPosition), total?.count ?? 0, window);
}

export const simpleList = (db: Db): Promise<PositionBrief[]> =>
  db
    .select({ id: positions.id, name: positions.name, orgId: positions.orgId })
    .from(positions)
    .orderBy(asc(positions.sort), asc(positions.name));

async function assertOrgExists(tx: Db, orgId: string | null | undefined) {
  if (!orgId) return;
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw badRequest('orgId: the organisation does not exist', { field: 'orgId' });
}

export async function createPosition(ps: PermissionService, actor: AuditActor, input: Input): Promise<Position> {
  const row = await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        await assertOrgExists(tx, input.orgId);
        const [created] = await tx
          .insert(positions)
          .values({
            orgId: input.orgId ?? null,
            code: input.code,
            name: input.name,
            description: input.description ?? null,
            sort: input.sort ?? 0,
          })
          .returning();
        if (!created) throw new Error('position insert returned nothing');
        await recordAudit(tx, actor, { action: 'positions.create', targetType: 'position', targetId: created.id, after: created });
        return created;
      }),
    'A position',
  );
  return getPosition(ps.db, row.id);
}

export async function updatePosition(ps: PermissionService, actor: AuditActor, id: string, input: Input): Promise<Position> {
  await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const before = await findPosition(tx, id);
        await assertOrgExists(tx, input.orgId);
        const [after] = await tx
          .update(positions)
          .set({
            orgId: input.orgId === undefined ? before.orgId : input.orgId,
            code: input.code,
            name: input.name,
            description: input.description === undefined ? before.description : input.description,
            sort: input.sort ?? before.sort,
            updatedAt: new Date(),
          })
          .where(eq(positions.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'positions.update', targetType: 'position', targetId: id, before, after });
      }),
    'A position',
  );
  return getPosition(ps.db, id);
}

export async function deletePosition(ps: PermissionService, actor: AuditActor, id: string): Promise<void> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findPosition(tx, id);
    const userIds = await linked(tx, LINKS.positionUsers, id);
    const roleIds = await linked(tx, LINKS.positionRoles, id);
    await tx.delete(positions).where(eq(positions.id, id));
    await recordAudit(tx, actor, {
      action: 'positions.delete',
      targetType: 'position',
      targetId: id,
      before: { ...before, userIds, roleIds },
    });
  });
  await ps.decider.changed();
}

/** Replaces the users filling a position (who then hold its roles). */
export async function setPositionUsers(ps: PermissionService, actor: AuditActor, id: string, userIds: string[]): Promise<void> {
  await findPosition(ps.db, id);
  await assertAllExist(ps.db, users, userIds, 'userIds');
  await replace(ps, actor, id, LINKS.positionUsers, userIds, 'userIds');
}

/** Replaces the roles a position confers. */
export async function setPositionRoles(ps: PermissionService, actor: AuditActor, id: string, roleIds: string[]): Promise<void> {
  await findPosition(ps.db, id);
  await assertAllExist(ps.db, roles, roleIds, 'roleIds');
  await replace(ps, actor, id, LINKS.positionRoles, roleIds, 'roleIds');
}

async function replace(ps: PermissionService, actor: AuditActor, id: string, link: Link, ids: string[], field: 'userIds' | 'roleIds') {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await replaceLinks(tx, link, id, ids);
    const action = field === 'userIds' ? 'positions.users.update' : 'positions.roles.update';
    await recordAudit(tx, actor, { action, targetType: 'position', targetId: id, before: { [field]: before }, after: { [field]: ids } });
  });
  await ps.decider.changed();
}
