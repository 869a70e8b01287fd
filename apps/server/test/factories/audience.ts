import { sql } from 'drizzle-orm';
import { asSystem } from '../../src/platform/db/actor.ts';
import { rawRows, type Database } from '../../src/platform/db/client.ts';

/** How many people the message benchmarks and the message crash test send to. */
export const AUDIENCE_SIZE = 10_000;

/**
 * Writes `size` users with an email address into a migrated database, all in one group, in two
 * INSERT … SELECT statements; answers the group's id. Done before the server opens the database.
 */
export async function seedAudience(database: Database, size = AUDIENCE_SIZE): Promise<string> {
  return asSystem(database.db, async (db) => {
    const [group] = await rawRows<{ id: string }>(
      db,
      sql`insert into groups (code, name) values ('bench-audience', 'Benchmark audience') returning id`,
    );
    if (!group) throw new Error('group insert returned no row');
    await db.execute(sql`
      with people as (
        insert into users (username, name, email)
        select 'audience-' || n, 'Audience member ' || n, 'audience-' || n || '@example.test' from generate_series(1, ${size}) n
        returning id
      )
      insert into group_users (group_id, user_id) select ${group.id}::uuid, id from people`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze group_users`);
    return group.id;
  });
}
