import { SELF_SERVICE_RESOURCES } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { AppError } from '../../../../platform/errors.ts';
import { holderPaths, holdersOf, uuidArray } from '../effective-roles.ts';
import { carrierItems, coveredByActor, grantItems, type CarrierKeys } from './grants.ts';
import { confinedTo, type ApplicationScope } from './application-scope.ts';
import { afterChange, beforeChange, type Source } from './sources.ts';

type Keys = CarrierKeys & { user: string[] };

async function journalKeys(tx: Db): Promise<Keys | null> {
  const rows = await rawRows<{ key: string }>(tx, sql`select distinct unnest(keys) as key from change_journal`);
  if (rows.length === 0) return null;
  const keys: Keys = { user: [], group: [], org: [], position: [], role: [], menu: [] };
  for (const { key } of rows) {
    const at = key.indexOf(':');
    keys[key.slice(0, at) as keyof Keys]?.push(key.slice(at + 1));
  }
  if (keys.menu.length > 0) {
    const granting = (s: Source) => sql`select rm.role_id from ${s('role_menus')} rm where rm.menu_id = any(${uuidArray(keys.menu)})`;
    const roles = await rawRows<{ id: string }>(
      tx,
      sql`select role_id as id from (${granting(beforeChange)} union ${granting(afterChange)}) r`,
    );
    keys.role = [...new Set([...keys.role, ...roles.map((row) => row.id)])];
  }
  return keys;
}

/** Everyone whose grants the journalled changes may have altered, read in one state. */
const candidates = (s: Source, k: Keys): SQL => sql`
  select unnest(${uuidArray(k.user)}) as user_id
  union select gu.user_id from ${s('group_users')} gu where gu.group_id = any(${uuidArray(k.group)})
  union select u.id from ${s('users')} u
    join ${s('organizations')} o on o.id = u.org_id
    where exists (select 1 from unnest(${uuidArray(k.org)}) changed(id) where o.path like '%/' || changed.id::text || '/%')
  union select up.user_id from ${s('user_positions')} up where up.position_id = any(${uuidArray(k.position)})
  union ${holdersOf(s, sql`select unnest(${uuidArray(k.role)})`)}`;

/** The self-service resources as items: everyone holds them without a grant. */
export const selfServiceItems = sql.join(
  SELF_SERVICE_RESOURCES.map((resource) => sql`${`res:${resource}`}`),
  sql`, `,
);

/**
 * What the change must not do, as (subject, user_id, item) rows. In general: any user it changed or
 * acted on held or holds an item the actor does not hold, or a carrier newly hands one out. Over a
 * change confined to an application its owner makes (`ownedRoot`: its root resource), only what the
 * change newly gives, to a user or a carrier, must be the actor's, the owner holding the whole tree.
 * A resource covers the nodes under it; everyone holds the self-service pages.
 */
const due = (k: Keys, ownedRoot: string | null): SQL =>
  ownedRoot === null
    ? sql`
    select 'user:' || user_id as subject, item from before_items
      where user_id in (select user_id from changed union select unnest(${uuidArray(k.user)}))
    union select 'user:' || user_id, item from after_items where user_id in (select user_id from changed)
    union ((${carrierItems(afterChange, k)}) except (${carrierItems(beforeChange, k)}))`
    : sql`
    select 'user:' || user_id as subject, item from (select * from after_items except select * from before_items) gained
    union ((${carrierItems(afterChange, k)}) except (${carrierItems(beforeChange, k)}))`;

const violations = (actorId: string, k: Keys, ownedRoot: string | null): SQL => sql`
  with cand as (select user_id from (${candidates(beforeChange, k)} union ${candidates(afterChange, k)}) c),
  cand_ids as (select coalesce(array_agg(user_id), '{}') as ids from cand),
  before_items as (${grantItems(beforeChange, sql`(select ids from cand_ids)::uuid[]`)}),
  after_items as (${grantItems(afterChange, sql`(select ids from cand_ids)::uuid[]`)}),
  actor_items as (
    ${grantItems(beforeChange, uuidArray([actorId]))}
    union all select ${actorId}::uuid, unnest(array[${selfServiceItems}])
    ${ownedRoot === null ? sql`` : sql`union all select ${actorId}::uuid, ${`res:${ownedRoot}`}`}
  ),
  changed as (
    select user_id from ((select * from before_items except select * from after_items)
      union (select * from after_items except select * from before_items)) d
  ),
  due as (${due(k, ownedRoot)})
  select d.subject, d.item from due d
    where not ${coveredByActor(sql`d.item`)}
    order by d.subject, d.item like 'res:%' desc, d.item
    limit 20`;

/**
 * Whether an active user holds a role that holds every resource, in one state: a test per grant
 * route, so the first active holder found (usually the administrator, directly) ends the search.
 */
const anySuperAdmin = (s: Source): SQL =>
  sql.join(
    holderPaths(s, sql`select r.id from ${s('roles')} r where r.all_resources`).map(
      (path) => sql`exists (select 1 from (${path}) h join ${s('users')} u on u.id = h.user_id where u.actived)`,
    ),
    sql` or `,
  );

/** Users by their username, other subjects ('role:<id>', …) as they are. */
async function namesOf(tx: Db, subjects: string[]): Promise<string[]> {
  const userIds = subjects.filter((s) => s.startsWith('user:')).map((s) => s.slice(5));
  const rows = userIds.length
    ? await rawRows<{ id: string; username: string }>(tx, sql`select id, username from users where id = any(${uuidArray(userIds)})`)
    : [];
  const names = new Map(rows.map((row) => [`user:${row.id}`, row.username]));
  return subjects.map((subject) => names.get(subject) ?? subject);
}

const describeItem = (item: string) => (item === 'all' ? 'every resource' : item.slice(4));

/**
 * The containment invariant, checked before the transaction commits: every user whose grants the
 * transaction changed, and every user it acted on directly, held nothing the actor does not hold
 * before it and holds nothing the actor does not hold after it; no group, organisation, position,
 * role or menu element newly hands out what the actor does not hold; and the portal keeps an
 * active super-administrator. Clears the journal, which lets the transaction commit. Answers whether
 * the transaction touched anything that decides grants.
 *
 * An application's owner making a change confined to it (`scope`; application-scope.ts) has over
 * it the authority the rule gives over what one holds: they count as holding its whole tree, and
 * only what the change newly gives is checked. Taking back what their application gave touches
 * nothing else anyone holds, so it is theirs to do, whoever holds it.
 */
export async function enforceContainment(tx: Db, actorId: string, scope?: ApplicationScope): Promise<boolean> {
  const keys = await journalKeys(tx);
  if (!keys) return false;
  // The before-state views leave the planner without statistics: its cost estimates run into the
  // billions and PostgreSQL would spend seconds JIT-compiling a query that runs in a millisecond.
  await tx.execute(sql`select set_config('jit', 'off', true)`);
  const owned = scope && scope.ownerId === actorId && (await confinedTo(tx, scope)) ? scope.rootResource : null;
  const refused = await rawRows<{ subject: string; item: string }>(tx, violations(actorId, keys, owned));
  if (refused.length > 0) {
    const subjects = await namesOf(tx, [...new Set(refused.map((v) => v.subject))]);
    const grants = [...new Set(refused.map((v) => describeItem(v.item)))];
    throw new AppError(
      'FORBIDDEN',
      `This change reaches beyond what you hold yourself: ${subjects.slice(0, 3).join(', ')} (${grants.slice(0, 5).join(', ')})`,
      { subjects, grants },
    );
  }
  // Serialises the changes that could remove super-administrators, so two cannot each remove one of the last two.
  await tx.execute(sql`select id from roles where all_resources for no key update`);
  // The state after is read from the tables and their indexes; the state before only when none is left.
  const [left] = await rawRows<{ any: boolean }>(tx, sql`select (${anySuperAdmin(afterChange)}) as any`);
  if (!left?.any) {
    const [had] = await rawRows<{ any: boolean }>(tx, sql`select (${anySuperAdmin(beforeChange)}) as any`);
    if (had?.any) {
      throw new AppError('CONFLICT', 'This change would leave no active super-administrator; give the role to another active user first');
    }
  }
  await tx.execute(sql`delete from change_journal`);
  return true;
}
