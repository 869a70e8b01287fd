import { and, eq, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { menus } from '../../tables.ts';
import type { ApplicationRow } from '../rows.ts';

/** The calls the application's permission points gate, each once, with the resources of the elements gating it. */
export async function domApis(db: Db, application: ApplicationRow): Promise<{ api: string; resources: string[] }[]> {
  const rows = await rawRows<{ api: string; resources: string[] }>(
    db,
    sql`select entry as api, array_agg(${menus.resource} order by ${menus.resource}) as resources
      from ${menus}, jsonb_array_elements_text(${menus.api}) entry
      where ${and(eq(menus.applicationId, application.id), eq(menus.type, 'element'))}
      group by entry order by entry`,
  );
  return rows;
}

/** Whether a menu node anywhere (this application's or not) already has this resource string. */
export async function isResourceTaken(db: Db, resource: string): Promise<boolean> {
  const [row] = await db.select({ id: menus.id }).from(menus).where(eq(menus.resource, resource)).limit(1);
  return row !== undefined;
}
