import { eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { settings } from '../../../../platform/db/schema.ts';

/** A switch in the settings table: on only when its value is the JSON `true`; absent means off. */
export async function isSwitchedOn(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value === true;
}
