import { ELEMENT_STATUS, type MenuInput, type MenuNode, type MenuUpdate, type MoveInput } from '@portal/contracts';
import { eq, isNull, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { menus } from '../tables.ts';
import { covers } from '../access/resources.ts';
import { refuseApplicationRoots } from '../applications/menu-guard.ts';
import type { PermissionService } from '../context.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { nextSort, placeAmongSiblings } from '../common/reorder.ts';
import { inSubtree, type MenuRow } from './tree.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import type { ApplicationScope } from '../access/containment/application-scope.ts';
import { changeAs } from '../access/containment/change.ts';

/**
 * Menu node changes. A node's resource is its parent's resource + ':' + its name, kept so on rename
 * and move. A change of an application's tree passes the application (`scope`): its owner makes it
 * as the holder of the whole tree (access/containment/check.ts).
 */
export const findMenu = (db: Db, id: string): Promise<MenuRow> => findOr404(db, menus, id, 'The menu node');

async function parentFromBody(tx: Db, parentId: string | null): Promise<MenuRow | null> {
  if (!parentId) return null;
  const [parent] = await tx.select().from(menus).where(eq(menus.id, parentId)).limit(1);
  if (!parent) throw badRequest('parentId: the parent node does not exist', { field: 'parentId' });
  if (parent.type === 'element') throw badRequest('parentId: a permission point (element) cannot have children', { field: 'parentId' });
  return parent;
}

function assertApiFitsType(type: 'path' | 'element', api: readonly string[] | undefined) {
  if (type === 'path' && (api?.length ?? 0) > 0) throw badRequest('api: only elements list the calls they gate', { field: 'api' });
}

const resourceUnder = (parent: MenuRow | null, name: string) => (parent ? `${parent.resource}:${name}` : name);
const siblingsOf = (parentId: string | null) => (parentId ? eq(menus.parentId, parentId) : isNull(menus.parentId));
const sortedMenus = { table: menus, id: menus.id, sort: menus.sort, then: menus.title };

/** Rewrites the resource of every descendant after the node's own resource changed from `from` to `to`. */
export async function renameDescendants(tx: Db, from: string, to: string) {
  const prefix = `${from}:`;
  // left() rather than LIKE: names may hold '_', a LIKE wildcard.
  await tx
    .update(menus)
    .set({ resource: sql`${to}::text || substr(${menus.resource}, ${from.length + 1}::int)` })
    .where(sql`left(${menus.resource}, ${prefix.length}::int) = ${prefix}`);
}

const toNode = ({ createdAt: _createdAt, ...row }: MenuRow): MenuNode => ({ ...row, children: [] });

export async function createMenu(ps: PermissionService, actor: AuditActor, input: MenuInput, scope?: ApplicationScope): Promise<MenuNode> {
  assertApiFitsType(input.type, input.api);
  const row = await uniqueAsConflict(
    () =>
      changeAs(
        ps.db,
        actor,
        async (tx) => {
          const parent = await parentFromBody(tx, input.parentId);
          const [created] = await tx
            .insert(menus)
            .values({
              parentId: parent?.id ?? null,
              name: input.name,
              title: input.title,
              type: input.type,
              resource: resourceUnder(parent, input.name),
              icon: input.icon ?? null,
              pageIcon: input.pageIcon ?? null,
              status: input.type === 'element' ? ELEMENT_STATUS : null,
              api: input.api ?? [],
              detail: input.detail ?? false,
              hide: input.hide ?? false,
              redirect: input.redirect ?? null,
              sort: await nextSort(tx, menus.sort, siblingsOf(parent?.id ?? null)),
              // A node added under an application's tree belongs to that application.
              applicationId: parent?.applicationId ?? null,
            })
            .returning();
          if (!created) throw new Error('menu insert returned nothing');
          await recordAudit(tx, actor, { action: 'menus.create', targetType: 'menu', targetId: created.id, after: created });
          return created;
        },
        scope,
      ),
    'A menu node',
  );
  return toNode(row);
}

/** Edits a node; a new name renames the resource of the node and of everything under it. */
export async function updateMenu(
  ps: PermissionService,
  actor: AuditActor,
  id: string,
  input: MenuUpdate,
  scope?: ApplicationScope,
): Promise<MenuNode> {
  const current = await findMenu(ps.db, id);
  assertApiFitsType(current.type, input.api);
  const row = await uniqueAsConflict(
    () =>
      changeAs(
        ps.db,
        actor,
        async (tx) => {
          const before = await findMenu(tx, id);
          const resource = before.resource.slice(0, before.resource.length - before.name.length) + input.name;
          if (resource !== before.resource) await refuseApplicationRoots(tx, before.resource, 'rename');
          const [after] = await tx
            .update(menus)
            .set({
              name: input.name,
              title: input.title,
              resource,
              icon: input.icon === undefined ? before.icon : input.icon,
              pageIcon: input.pageIcon === undefined ? before.pageIcon : input.pageIcon,
              api: input.api ?? before.api,
              detail: input.detail ?? before.detail,
              hide: input.hide ?? before.hide,
              redirect: input.redirect === undefined ? before.redirect : input.redirect,
            })
            .where(eq(menus.id, id))
            .returning();
          if (!after) throw new Error('menu update returned nothing');
          if (resource !== before.resource) await renameDescendants(tx, before.resource, resource);
          await recordAudit(tx, actor, { action: 'menus.update', targetType: 'menu', targetId: id, before, after });
          return after;
        },
        scope,
      ),
    'A menu node',
  );
  return toNode(row);
}

/** Deletes a node with its whole subtree (roles lose those grants). */
export async function deleteMenu(ps: PermissionService, actor: AuditActor, id: string, scope?: ApplicationScope): Promise<number> {
  const removed = await changeAs(
    ps.db,
    actor,
    async (tx) => {
      const before = await findMenu(tx, id);
      await refuseApplicationRoots(tx, before.resource, 'delete');
      const deleted = await tx.delete(menus).where(inSubtree(before.resource)).returning({ id: menus.id, resource: menus.resource });
      await recordAudit(tx, actor, {
        action: 'menus.delete',
        targetType: 'menu',
        targetId: id,
        before: { ...before, subtree: deleted.map((row) => row.resource) },
      });
      return deleted.length;
    },
    scope,
  );
  return removed;
}

/**
 * Drag and drop: moves a node under a parent at a position among its siblings, renaming the
 * subtree's resources; a subtree moved into or out of an application's tree changes owner with it.
 */
export async function moveMenu(
  ps: PermissionService,
  actor: AuditActor,
  id: string,
  input: MoveInput,
  scope?: ApplicationScope,
): Promise<MenuNode> {
  const row = await uniqueAsConflict(
    () =>
      changeAs(
        ps.db,
        actor,
        async (tx) => {
          const before = await findMenu(tx, id);
          const parent = await parentFromBody(tx, input.parentId);
          if (parent && covers(before.resource, parent.resource)) {
            throw badRequest('A menu node cannot be moved under itself or one of its descendants', { field: 'parentId' });
          }
          await placeAmongSiblings(tx, sortedMenus, siblingsOf(parent?.id ?? null), id, input.index);
          const resource = resourceUnder(parent, before.name);
          if (resource !== before.resource) {
            await refuseApplicationRoots(tx, before.resource, 'move');
            // The subtree now belongs to the tree it was moved into: an application's, or the console's.
            await tx
              .update(menus)
              .set({ applicationId: parent?.applicationId ?? null })
              .where(inSubtree(before.resource));
            await renameDescendants(tx, before.resource, resource);
          }
          const [after] = await tx
            .update(menus)
            .set({ parentId: parent?.id ?? null, resource })
            .where(eq(menus.id, id))
            .returning();
          if (!after) throw new Error('menu update returned nothing');
          await recordAudit(tx, actor, {
            action: 'menus.move',
            targetType: 'menu',
            targetId: id,
            before,
            after: { ...after, index: input.index },
          });
          return after;
        },
        scope,
      ),
    'A menu node',
  );
  return toNode(row);
}
