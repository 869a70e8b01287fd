import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { ApplicationScope } from '../access/containment/application-scope.ts';
import { menus } from '../tables.ts';
import type { ApplicationRow } from './rows.ts';

/**
 * The application as a change of its tree or its authorisations is confined to: its owner makes
 * such a change as the holder of the whole tree (access/containment/check.ts).
 */
export async function scopeOf(db: Db, application: ApplicationRow): Promise<ApplicationScope> {
  const [root] = await db.select({ resource: menus.resource }).from(menus).where(eq(menus.id, application.menuId));
  if (!root) throw new Error(`application ${application.id} has no root node`);
  return { id: application.id, ownerId: application.ownerId, rootResource: root.resource };
}
