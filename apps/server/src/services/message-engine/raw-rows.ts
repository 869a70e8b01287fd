import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** The rows of a raw statement. Both drivers (pg, PGlite) answer `{ rows }`; the shared Db type leaves it unknown. */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
