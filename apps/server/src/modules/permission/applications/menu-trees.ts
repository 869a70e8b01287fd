import { APPS_VISIBLE_TO_ALL, type Application, type FrontendResources, type MenuNode } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications, menus as menuTable } from '../tables.ts';
import { notFound } from '../../../platform/errors.ts';
import type { UserGrants } from '../access/decider.ts';
import { isVisible } from '../access/resources.ts';
import { findMenu } from '../menus/service.ts';
import { buildTree, loadMenuRows, type MenuRow } from '../menus/tree.ts';

/** The rows of an application's own tree, given its root node: the root and everything below it. */
async function treeRows(db: Db, root: { id: string; resource: string }): Promise<MenuRow[]> {
  const rows = await loadMenuRows(db, { kind: 'subtree', resource: root.resource });
  // The root is the top of this tree, wherever it hangs in the whole catalogue.
  return rows.map((row) => (row.id === root.id ? { ...row, parentId: null } : row));
}

/** An application's whole menu tree, pages and permission points. */
export async function applicationMenu(db: Db, application: Pick<Application, 'menuId'>): Promise<MenuNode[]> {
  return buildTree(await treeRows(db, await findMenu(db, application.menuId)));
}

/**
 * GET /users/resources/frontend?instant=: the part of an enabled application's tree the user may see,
 * and the user's resources within that application (all of them for the applications everyone has).
 */
export async function applicationFrontend(db: Db, grants: UserGrants, instant: string): Promise<FrontendResources> {
  // The root node comes with the application: one query less on the micro and studio pages' path.
  const [root] = await db
    .select({ id: menuTable.id, resource: menuTable.resource })
    .from(applications)
    .innerJoin(menuTable, eq(menuTable.id, applications.menuId))
    .where(and(eq(applications.instant, instant), eq(applications.state, 'enabled')))
    .limit(1);
  if (!root) throw notFound('The application');
  const rows = await treeRows(db, root);
  const everyone: readonly string[] = APPS_VISIBLE_TO_ALL;
  const held = everyone.includes(instant) ? [...grants.resources, root.resource] : grants.resources;
  const menus = buildTree(rows, (row) => grants.all || isVisible(row.resource, held));
  const resources = grants.all
    ? rows.map((row) => row.resource)
    : [...new Set(held.filter((resource) => isVisible(resource, [root.resource])))];
  return { resources, menus };
}
