import { ADMINISTRATION_SECTIONS } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { uuidArray } from '../effective-roles.ts';
import { selfServiceItems } from './check.ts';
import { coveredByActor, grantItems } from './grants.ts';
import { afterChange } from './sources.ts';

/**
 * As in check.ts: the planner's estimates of these queries run into the billions, and PostgreSQL
 * would spend seconds JIT-compiling one that runs in a millisecond. For the caller's transaction.
 */
const withoutJit = (tx: Db) => tx.execute(sql`select set_config('jit', 'off', true)`);

/**
 * The users among `userIds` whom the actor could not act on, as the containment check (check.ts)
 * judges a change acting on a user: each holds an item the actor does not hold. Read in the current
 * state, changing nothing; for what lets someone else into an account without being a change to it
 * (a provider's automatic linking). An actor who is not an active user acts on nobody. Run it in a
 * transaction.
 */
export async function beyondReach(tx: Db, actorId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  await withoutJit(tx);
  const rows = await rawRows<{ id: string }>(
    tx,
    sql`
    with actor_items as (
      select g.item from (${grantItems(afterChange, uuidArray([actorId]))}) g
      union all select unnest(array[${selfServiceItems}])
    ),
    target_items as (${grantItems(afterChange, uuidArray(userIds))})
    select u.id from users u where u.id = any(${uuidArray(userIds)}) and (
      not exists (select 1 from users a where a.id = ${actorId} and a.actived)
      or exists (select 1 from target_items t where t.user_id = u.id and not ${coveredByActor(sql`t.item`)})
    )`,
  );
  return rows.map((row) => row.id);
}

const sectionItems = (pattern: (section: string) => string): SQL =>
  sql.join(
    ADMINISTRATION_SECTIONS.map((section) => sql`${pattern(section)}`),
    sql`, `,
  );

/**
 * Whether the user holds every resource or any node of the console's administration sections (the
 * decider's isAdministrator, read now from the tables rather than its cache). Run it in a transaction.
 */
export async function holdsAdministration(tx: Db, userId: string): Promise<boolean> {
  await withoutJit(tx);
  const [row] = await rawRows<{ held: boolean }>(
    tx,
    sql`select exists (
      select 1 from (${grantItems(afterChange, uuidArray([userId]))}) g
        where g.item = 'all'
          or g.item = any(array[${sectionItems((section) => `res:${section}`)}])
          or g.item like any(array[${sectionItems((section) => `res:${section}:%`)}])
    ) as held`,
  );
  return row?.held ?? false;
}
