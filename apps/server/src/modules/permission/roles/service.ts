import type { PageOf, Role, RoleCopyInput, RoleInput, RoleResources } from '@portal/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { menus, roles } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { assertAllExist } from '../../../platform/db/existence.ts';
import { addLinks, LINKS, linked, replaceLinks } from '../common/links.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { SUPER_ADMIN_ROLE } from '../seed.ts';
import { consoleRoles, findConsoleRole, toRole } from './rows.ts';
import { changeAs } from '../access/containment/change.ts';
import { PERMISSION_CHANGED_TOPIC } from '../access/decider.ts';

type Input = Static<typeof RoleInput>;
const sortable = { name: roles.name, code: roles.code, sort: roles.sort, createdAt: roles.createdAt };

const findRole = findConsoleRole;
export const getRole = async (db: Db, id: string): Promise<Role> => toRole(await findRole(db, id));

export async function pageRoles(
  db: Db,
  query: { page?: number; size?: number; keyword?: string; sort?: string; order?: 'ascend' | 'descend' },
): Promise<PageOf<Role>> {
  const window = pageWindow(query);
  // An application's authorisation roles are managed in its user permission, not listed with the rest.
  const where = and(
    consoleRoles,
    query.keyword ? or(ilike(roles.name, containing(query.keyword)), ilike(roles.code, containing(query.keyword))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(...orderOf(query, sortable, [asc(roles.sort), asc(roles.name)], roles.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(roles).where(where),
  ]);
  return pageOf(rows.map(toRole), total?.count ?? 0, window);
}

export async function createRole(ps: PermissionService, actor: AuditActor, input: Input): Promise<Role> {
  return uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({ code: input.code, name: input.name, description: input.description ?? null, sort: input.sort ?? 0 })
          .returning();
        if (!row) throw new Error('role insert returned nothing');
        await recordAudit(tx, actor, { action: 'roles.create', targetType: 'role', targetId: row.id, after: row });
        return toRole(row);
      }),
    'A role',
  );
}

export async function updateRole(ps: PermissionService, actor: AuditActor, id: string, input: Input): Promise<Role> {
  const role = await uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const before = await findRole(tx, id);
        // The server finds the super-administrator role by its code.
        if (before.code === SUPER_ADMIN_ROLE && input.code !== SUPER_ADMIN_ROLE) {
          throw new AppError('CONFLICT', 'The super-administrator role keeps its code');
        }
        const description = input.description === undefined ? before.description : input.description;
        const [after] = await tx
          .update(roles)
          .set({ code: input.code, name: input.name, description, sort: input.sort ?? before.sort, updatedAt: new Date() })
          .where(eq(roles.id, id))
          .returning();
        if (!after) throw new Error('role update returned nothing');
        await recordAudit(tx, actor, { action: 'roles.update', targetType: 'role', targetId: id, before, after });
        // Cached grants carry role codes and names (GET /users/self/roles).
        tx.afterCommit(PERMISSION_CHANGED_TOPIC);
        return toRole(after);
      }),
    'A role',
  );
  return role;
}

export async function deleteRole(ps: PermissionService, actor: AuditActor, id: string): Promise<void> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findRole(tx, id);
    if (before.code === SUPER_ADMIN_ROLE) throw new AppError('CONFLICT', 'The super-administrator role cannot be deleted');
    const menuIds = await linked(tx, LINKS.roleMenus, id);
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, actor, { action: 'roles.delete', targetType: 'role', targetId: id, before: { ...before, menuIds } });
  });
}

/** A new role granting the same menu nodes as the source; the caller must hold them all. */
export async function copyRole(ps: PermissionService, actor: AuditActor, id: string, input: Static<typeof RoleCopyInput>): Promise<Role> {
  const source = await findRole(ps.db, id);
  const menuIds = await linked(ps.db, LINKS.roleMenus, id);
  return uniqueAsConflict(
    () =>
      changeAs(ps.db, actor, async (tx) => {
        const [row] = await tx
          .insert(roles)
          .values({
            code: input.code,
            name: input.name,
            description: input.description ?? source.description,
            sort: source.sort,
            allResources: source.allResources,
          })
          .returning();
        if (!row) throw new Error('role insert returned nothing');
        await addLinks(tx, LINKS.roleMenus, row.id, menuIds);
        await recordAudit(tx, actor, {
          action: 'roles.copy',
          targetType: 'role',
          targetId: row.id,
          before: { sourceId: id },
          after: { ...row, menuIds },
        });
        return toRole(row);
      }),
    'A role',
  );
}

/** The menu nodes a role grants; a role holding everything grants every node. */
export async function roleResources(db: Db, id: string): Promise<RoleResources> {
  const role = await findRole(db, id);
  if (role.allResources) return { menuIds: (await db.select({ id: menus.id }).from(menus)).map((row) => row.id) };
  return { menuIds: await linked(db, LINKS.roleMenus, id) };
}

/** Replaces the menu nodes a role grants (the containment check refuses handing out what the caller lacks). */
export async function setRoleResources(ps: PermissionService, actor: AuditActor, id: string, menuIds: string[]): Promise<RoleResources> {
  const role = await findRole(ps.db, id);
  if (role.allResources) throw new AppError('CONFLICT', `The role ${role.code} holds every resource; its resources cannot be edited`);
  await assertAllExist(ps.db, menus, menuIds, 'menuIds');
  await changeAs(ps.db, actor, async (tx) => {
    const before = await replaceLinks(tx, LINKS.roleMenus, id, menuIds);
    await recordAudit(tx, actor, {
      action: 'roles.resources.update',
      targetType: 'role',
      targetId: id,
      before: { menuIds: before },
      after: { menuIds },
    });
  });
  return { menuIds };
}
