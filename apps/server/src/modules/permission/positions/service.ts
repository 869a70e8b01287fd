import type { Position, PositionBrief, PositionInput } from '@portal/contracts';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { organizations, positions, users } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { assertAllExist, findOr404 } from '../../../platform/db/existence.ts';
import { LINKS, linked, replaceLinks, type Link } from '../common/links.ts';
import { defineResource } from '../../../platform/resource/resource.ts';
import { selectPositions, toPosition } from './rows.ts';
import { assertConsoleRoles } from '../roles/rows.ts';
import { changeAs } from '../access/containment/change.ts';

type Input = Static<typeof PositionInput>;
type Query = { page?: number; size?: number; keyword?: string; sort?: string; order?: 'ascend' | 'descend'; orgId?: string };

async function assertOrgExists(tx: Db, orgId: string | null | undefined) {
  if (!orgId) return;
  const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw badRequest('orgId: the organisation does not exist', { field: 'orgId' });
}

/** Positions (stations): a plain resource, each with its organisation; the users filling it hold its roles. */
export const positionResource = (db: Db) =>
  defineResource<typeof positions, Position, Input, Query>({
    table: positions,
    noun: 'position',
    read: {
      select: (from, where: SQL | undefined) => selectPositions(from, where).$dynamic(),
      toDto: toPosition,
      sortable: { name: positions.name, code: positions.code, sort: positions.sort, createdAt: positions.createdAt },
      defaultOrder: [asc(positions.sort), asc(positions.name)],
      keyword: [positions.name, positions.code],
      filters: (query) => [query.orgId ? eq(positions.orgId, query.orgId) : undefined],
    },
    write: {
      values: (input, before) => ({
        orgId: input.orgId === undefined ? (before?.orgId ?? null) : input.orgId,
        code: input.code,
        name: input.name,
        description: input.description === undefined ? (before?.description ?? null) : input.description,
        sort: input.sort ?? before?.sort ?? 0,
      }),
      check: (tx, input) => assertOrgExists(tx, input.orgId),
      // Who filled it and what it conferred, so a deletion can be read back from the audit log.
      deletedContext: async (tx, id) => ({
        userIds: await linked(tx, LINKS.positionUsers, id),
        roleIds: await linked(tx, LINKS.positionRoles, id),
      }),
    },
    change: (actor, work) => changeAs(db, actor, work),
  });

export const findPosition = (db: Db, id: string) => findOr404(db, positions, id, 'The position');

export const simpleList = (db: Db): Promise<PositionBrief[]> =>
  db
    .select({ id: positions.id, name: positions.name, orgId: positions.orgId })
    .from(positions)
    .orderBy(asc(positions.sort), asc(positions.name));

/** Replaces the users filling a position (who then hold its roles). */
export async function setPositionUsers(ps: PermissionService, actor: AuditActor, id: string, userIds: string[]): Promise<void> {
  await findPosition(ps.db, id);
  await assertAllExist(ps.db, users, userIds, 'userIds');
  await replace(ps, actor, id, LINKS.positionUsers, userIds, 'userIds');
}

/** Replaces the roles a position confers. */
export async function setPositionRoles(ps: PermissionService, actor: AuditActor, id: string, roleIds: string[]): Promise<void> {
  await findPosition(ps.db, id);
  await assertConsoleRoles(ps.db, roleIds);
  await replace(ps, actor, id, LINKS.positionRoles, roleIds, 'roleIds');
}

async function replace(ps: PermissionService, actor: AuditActor, id: string, link: Link, ids: string[], field: 'userIds' | 'roleIds') {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await replaceLinks(tx, link, id, ids);
    const action = field === 'userIds' ? 'positions.users.update' : 'positions.roles.update';
    await recordAudit(tx, actor, { action, targetType: 'position', targetId: id, before: { [field]: before }, after: { [field]: ids } });
  });
}
