import type { IconInUse } from '@portal/contracts';
import { asc, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { menus } from '../tables.ts';

/** Names asked about per query: well below PostgreSQL's parameter limit, however many icons there are. */
const CHUNK = 1000;

/**
 * The icons (by name) that a menu node shows, as its icon or its page icon, with those nodes: what
 * system-config's icon manager asks before deleting icons.
 */
export async function menuIconsInUse(db: Db, names: readonly string[]): Promise<IconInUse[]> {
  const byName = new Map<string, IconInUse>();
  for (let start = 0; start < names.length; start += CHUNK) {
    const chunk = [...new Set(names.slice(start, start + CHUNK))];
    const rows = await db
      .select({ id: menus.id, title: menus.title, resource: menus.resource, icon: menus.icon, pageIcon: menus.pageIcon })
      .from(menus)
      .where(or(inArray(menus.icon, chunk), inArray(menus.pageIcon, chunk)))
      .orderBy(asc(menus.resource));
    const asked = new Set(chunk);
    for (const { id, title, resource, icon, pageIcon } of rows) {
      for (const name of new Set([icon, pageIcon])) {
        if (!name || !asked.has(name)) continue;
        const entry = byName.get(name) ?? { name, menus: [] };
        entry.menus.push({ id, title, resource });
        byName.set(name, entry);
      }
    }
  }
  return [...byName.values()];
}
