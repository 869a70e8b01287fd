import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications, menus } from '../tables.ts';
import { AppError } from '../../../platform/errors.ts';
import { inSubtree } from '../menus/tree.ts';

/**
 * An application's root node is named and placed by the application (its resource is the instant):
 * the menu editor may retitle it, but deleting, renaming or moving it (or a node above it) goes
 * through the application instead.
 */
export async function refuseApplicationRoots(tx: Db, resource: string, action: 'delete' | 'rename' | 'move'): Promise<void> {
  const [root] = await tx
    .select({ instant: applications.instant })
    .from(applications)
    .innerJoin(menus, eq(menus.id, applications.menuId))
    .where(inSubtree(resource))
    .limit(1);
  if (root) {
    throw new AppError('CONFLICT', `This node holds the menu of application ${root.instant}: ${action} it through the application`, {
      field: 'id',
      instant: root.instant,
    });
  }
}
