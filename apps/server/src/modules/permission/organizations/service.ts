import { randomUUID } from 'node:crypto';
import type { MoveInput, Organization, OrganizationInput } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import { organizations, orgRoles, users } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { assertAllExist } from '../../../platform/db/existence.ts';
import { assertConsoleRoles } from '../roles/rows.ts';
import { LINKS, replaceLinks } from '../common/links.ts';
import { moveOrg, nextChildSort, parentFromBody } from './move.ts';
import { findOrg, getOrg, orgDependents } from './queries.ts';
import { ORGANIZATIONS_CHANGED_TOPIC } from './tree-cache.ts';
import { changeAs } from '../access/containment/change.ts';

type OrgInput = Static<typeof OrganizationInput>;

/** Organisation changes: each one transaction with its audit entry; the cached tree is dropped after the commit. */
export async function createOrg(ps: PermissionService, actor: AuditActor, input: OrgInput): Promise<Organization> {
  const id = randomUUID();
  await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const parent = await parentFromBody(tx, input.parentId);
        const [row] = await tx
          .insert(organizations)
          .values({
            id,
            parentId: parent?.id ?? null,
            name: input.name,
            code: input.code,
            description: input.description ?? null,
            path: `${parent?.path ?? '/'}${id}/`,
            sort: await nextChildSort(tx, parent?.id ?? null),
          })
          .returning();
        tx.afterCommit(ORGANIZATIONS_CHANGED_TOPIC);
        await recordAudit(tx, actor, { action: 'organizations.create', targetType: 'organization', targetId: id, after: row });
      }),
    'An organisation',
  );
  return getOrg(ps.db, id);
}

/** Edits name, code and description; a different parentId moves the organisation to the end of its new parent. */
export async function updateOrg(ps: PermissionService, actor: AuditActor, orgId: string, input: OrgInput): Promise<Organization> {
  await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const before = await findOrg(tx, orgId);
        const fields = {
          name: input.name,
          code: input.code,
          description: input.description === undefined ? before.description : input.description,
          updatedAt: new Date(),
        };
        await tx.update(organizations).set(fields).where(eq(organizations.id, orgId));
        const moves = input.parentId !== undefined && input.parentId !== before.parentId;
        if (moves) {
          const parent = await parentFromBody(tx, input.parentId ?? null);
          await moveOrg(tx, before, parent, Number.MAX_SAFE_INTEGER);
        }
        const after = await findOrg(tx, orgId);
        tx.afterCommit(ORGANIZATIONS_CHANGED_TOPIC);
        await recordAudit(tx, actor, { action: 'organizations.update', targetType: 'organization', targetId: orgId, before, after });
      }),
    'An organisation',
  );
  return getOrg(ps.db, orgId);
}

export async function moveOrgTo(ps: PermissionService, actor: AuditActor, orgId: string, input: MoveInput): Promise<Organization> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findOrg(tx, orgId);
    const parent = await parentFromBody(tx, input.parentId);
    await moveOrg(tx, before, parent, input.index);
    const after = await findOrg(tx, orgId);
    tx.afterCommit(ORGANIZATIONS_CHANGED_TOPIC);
    await recordAudit(tx, actor, {
      action: 'organizations.move',
      targetType: 'organization',
      targetId: orgId,
      before,
      after: { ...after, index: input.index },
    });
  });
  return getOrg(ps.db, orgId);
}

/** Refuses to delete an organisation that still has members, sub-organisations or positions. */
export async function deleteOrg(ps: PermissionService, actor: AuditActor, orgId: string): Promise<void> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findOrg(tx, orgId);
    const dependents = await orgDependents(tx, orgId);
    const left = { members: dependents.members, 'sub-organisations': dependents.children, positions: dependents.positions };
    const remaining = Object.entries(left).filter(([, n]) => n > 0);
    if (remaining.length > 0) {
      const what = remaining.map(([name, n]) => `${n} ${name}`).join(', ');
      throw new AppError('CONFLICT', `The organisation still has ${what}; move or remove them first`, left);
    }
    const roleIds = (await tx.select({ roleId: orgRoles.roleId }).from(orgRoles).where(eq(orgRoles.orgId, orgId))).map((r) => r.roleId);
    await tx.delete(organizations).where(eq(organizations.id, orgId));
    tx.afterCommit(ORGANIZATIONS_CHANGED_TOPIC);
    await recordAudit(tx, actor, {
      action: 'organizations.delete',
      targetType: 'organization',
      targetId: orgId,
      before: { ...before, roleIds },
    });
  });
}

/** Replaces the roles granted to an organisation (they hold for its members and every sub-organisation's). */
export async function setOrgRoles(ps: PermissionService, actor: AuditActor, orgId: string, roleIds: string[]): Promise<void> {
  await findOrg(ps.db, orgId);
  await assertConsoleRoles(ps.db, roleIds);
  await changeAs(ps.db, actor, async (tx) => {
    const before = await replaceLinks(tx, LINKS.orgRoles, orgId, roleIds);
    const change = { before: { roleIds: before }, after: { roleIds } };
    await recordAudit(tx, actor, { action: 'organizations.roles.update', targetType: 'organization', targetId: orgId, ...change });
  });
}

/** Replaces the users who have the organisation as a secondary department (it confers no roles). */
export async function setSecondaryUsers(ps: PermissionService, actor: AuditActor, orgId: string, userIds: string[]): Promise<void> {
  await findOrg(ps.db, orgId);
  await assertAllExist(ps.db, users, userIds, 'userIds');
  await changeAs(ps.db, actor, async (tx) => {
    const before = await replaceLinks(tx, LINKS.orgSecondaryUsers, orgId, userIds);
    const change = { before: { userIds: before }, after: { userIds } };
    await recordAudit(tx, actor, { action: 'organizations.secondary.update', targetType: 'organization', targetId: orgId, ...change });
  });
}
