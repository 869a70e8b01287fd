import { isInternalApp, type Application, type ApplicationInput, type ApplicationState, type ApplicationUpdate } from '@portal/contracts';
import { eq, isNull } from 'drizzle-orm';
import { nextSort } from '../common/reorder.ts';
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { applications, menus, roles, users } from '../tables.ts';
import { usersRoleCode } from '../users/admin/excel/application-users.ts';
import { AppError } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { assertAllExist } from '../../../platform/db/existence.ts';
import { findMenu, renameDescendants } from '../menus/service.ts';
import { inSubtree } from '../menus/tree.ts';
import { assertInstantFree, instantTaken } from './instants.ts';
import { launchFields } from './launch-fields.ts';
import { findApplication, getApplication } from './rows.ts';
import { changeAs } from '../access/containment/change.ts';
import { APPLICATIONS_CHANGED_TOPIC } from './micro-origins.ts';

/**
 * Changes to the registry. An application and its root menu node are written together: the root's
 * name and resource are the instant, its title the application's name.
 */
const internalRefusal = (what: string) => new AppError('CONFLICT', `Internal applications cannot ${what}`, { field: 'instant' });

/** A unique violation of an instant (the application's or its root node's resource) as the 409 of a taken instant. */
async function instantUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await uniqueAsConflict(write, 'An application');
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw instantTaken();
    throw error;
  }
}

export async function createApplication(ps: PermissionService, actor: AuditActor, input: ApplicationInput): Promise<Application> {
  const fields = launchFields(input);
  const id = await instantUnique(() =>
    changeAs(ps.db, actor, async (tx) => {
      await assertInstantFree(tx, input.instant);
      const applicationId = randomUUID();
      const [root] = await tx
        .insert(menus)
        .values({
          name: input.instant,
          title: input.name,
          type: 'path',
          resource: input.instant,
          sort: await nextSort(tx, menus.sort, isNull(menus.parentId)),
        })
        .returning();
      if (!root) throw new Error('menu insert returned nothing');
      const [row] = await tx
        .insert(applications)
        .values({
          id: applicationId,
          instant: input.instant,
          name: input.name,
          ...fields,
          category: input.category ?? [],
          appCategory: input.appCategory ?? null,
          redirect: input.redirect ?? null,
          icon: input.icon ?? null,
          description: input.description ?? null,
          ownerId: actor.actorId,
          menuId: root.id,
          sort: input.sort ?? (await nextSort(tx, applications.sort)),
        })
        .returning();
      if (!row) throw new Error('application insert returned nothing');
      // The two rows point at each other: the root learns its application once both exist.
      await tx.update(menus).set({ applicationId }).where(eq(menus.id, root.id));
      tx.afterCommit(APPLICATIONS_CHANGED_TOPIC);
      await recordAudit(tx, actor, { action: 'applications.create', targetType: 'application', targetId: row.id, after: row });
      return row.id;
    }),
  );
  return getApplication(ps.db, id);
}

/**
 * Edits an application. A new instant renames its root node's resource and every resource below it
 * (roles keep their grants, which name nodes by id); internal applications keep their instant.
 */
export async function updateApplication(
  ps: PermissionService,
  actor: AuditActor,
  id: string,
  input: ApplicationUpdate,
): Promise<Application> {
  let renamed = false;
  await instantUnique(() =>
    changeAs(ps.db, actor, async (tx) => {
      const before = await findApplication(tx, id);
      const keep = <K extends keyof ApplicationInput & keyof typeof before>(key: K) =>
        input[key] === undefined ? before[key] : input[key];
      const root = await findMenu(tx, before.menuId);
      const ownsRoot = root.applicationId === id;
      if (input.instant !== before.instant) {
        if (isInternalApp(before.instant)) throw internalRefusal('change their instant');
        await assertInstantFree(tx, input.instant);
        renamed = true;
      }
      if (ownsRoot) {
        await tx.update(menus).set({ name: input.instant, title: input.name, resource: input.instant }).where(eq(menus.id, root.id));
        if (renamed) await renameDescendants(tx, root.resource, input.instant);
      }
      const merged = { ...input, pathname: keep('pathname'), appUrl: keep('appUrl'), openType: input.openType ?? before.openType };
      const [after] = await tx
        .update(applications)
        .set({
          instant: input.instant,
          name: input.name,
          ...launchFields(merged),
          category: input.category ?? before.category,
          appCategory: keep('appCategory'),
          redirect: keep('redirect'),
          icon: keep('icon'),
          description: keep('description'),
          sort: input.sort ?? before.sort,
          firstParty: input.firstParty ?? before.firstParty,
          updatedAt: new Date(),
        })
        .where(eq(applications.id, id))
        .returning();
      tx.afterCommit(APPLICATIONS_CHANGED_TOPIC);
      await recordAudit(tx, actor, { action: 'applications.update', targetType: 'application', targetId: id, before, after });
    }),
  );
  return getApplication(ps.db, id);
}

/** Deletes an application with its whole menu tree (roles lose those grants). */
export async function deleteApplication(ps: PermissionService, actor: AuditActor, id: string): Promise<void> {
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findApplication(tx, id);
    if (isInternalApp(before.instant)) throw internalRefusal('be deleted');
    const root = await findMenu(tx, before.menuId);
    const inTree = inSubtree(root.resource);
    const subtree = await tx.select({ resource: menus.resource }).from(menus).where(inTree).orderBy(menus.resource);
    await tx.delete(applications).where(eq(applications.id, id));
    // Nodes of the tree cascade with the application; nodes added below it otherwise go too.
    await tx.delete(menus).where(inTree);
    // Its users role granted only its tree, now gone: an empty role left behind would only mislead.
    await tx.delete(roles).where(eq(roles.code, usersRoleCode(id)));
    tx.afterCommit(APPLICATIONS_CHANGED_TOPIC);
    await recordAudit(tx, actor, {
      action: 'applications.delete',
      targetType: 'application',
      targetId: id,
      before: { ...before, subtree: subtree.map((row) => row.resource) },
    });
  });
}

type ApplicationRow = Awaited<ReturnType<typeof findApplication>>;

/** Changes one column of an application once `check` accepts the change, with its audit entry. */
async function patchApplication<K extends 'state' | 'ownerId'>(
  ps: PermissionService,
  actor: AuditActor,
  id: string,
  change: { action: string; field: K; value: ApplicationRow[K]; check: (tx: Db, before: ApplicationRow) => Promise<void> | void },
) {
  const { action, field, value, check } = change;
  await changeAs(ps.db, actor, async (tx) => {
    const before = await findApplication(tx, id);
    await check(tx, before);
    await tx
      .update(applications)
      .set({ [field]: value, updatedAt: new Date() })
      .where(eq(applications.id, id));
    tx.afterCommit(APPLICATIONS_CHANGED_TOPIC);
    await recordAudit(tx, actor, {
      action,
      targetType: 'application',
      targetId: id,
      before: { [field]: before[field] },
      after: { [field]: value },
    });
  });
  return getApplication(ps.db, id);
}

/** Enables or disables an application: a disabled one is left out of every user's workbench. */
export const setApplicationState = (ps: PermissionService, actor: AuditActor, id: string, state: ApplicationState) =>
  patchApplication(ps, actor, id, {
    action: 'applications.state',
    field: 'state',
    value: state,
    check: (_tx, before) => {
      if (state === 'disabled' && isInternalApp(before.instant)) throw internalRefusal('be disabled');
    },
  });

/** Hands an application to another user. */
export const setApplicationOwner = (ps: PermissionService, actor: AuditActor, id: string, ownerId: string) =>
  patchApplication(ps, actor, id, {
    action: 'applications.owner',
    field: 'ownerId',
    value: ownerId,
    check: (tx) => assertAllExist(tx, users, [ownerId], 'ownerId'),
  });
