import { sql, type SQL } from 'drizzle-orm';
import type { Source } from './sources.ts';

/** A literal uuid[] for ids read from the database or the journal (checked, so nothing else gets in). */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a uuid: ${id}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * The holders of the roles `roleIds` (a subquery of role ids), one query (selecting user_id) per
 * grant route: directly, through an active group, their organisation or one above it, a position.
 */
export const holderPaths = (s: Source, roleIds: SQL): SQL[] => [
  sql`select ur.user_id from ${s('user_roles')} ur where ur.role_id in (${roleIds})`,
  sql`select gu.user_id from ${s('group_roles')} gr
    join ${s('groups')} g on g.id = gr.group_id and g.actived
    join ${s('group_users')} gu on gu.group_id = gr.group_id
    where gr.role_id in (${roleIds})`,
  sql`select u.id as user_id from ${s('org_roles')} orr
    join ${s('organizations')} granting on granting.id = orr.org_id
    join ${s('organizations')} o on starts_with(o.path, granting.path)
    join ${s('users')} u on u.org_id = o.id
    where orr.role_id in (${roleIds})`,
  sql`select up.user_id from ${s('position_roles')} pr
    join ${s('user_positions')} up on up.position_id = pr.position_id
    where pr.role_id in (${roleIds})`,
];

export const holdersOf = (s: Source, roleIds: SQL): SQL => sql.join(holderPaths(s, roleIds), sql` union `);

/** (user_id, role_id) of every role the users `userIds` (a uuid[] expression) hold, by every route. */
const heldRoles = (s: Source, userIds: SQL): SQL => sql`
  select ur.user_id, ur.role_id from ${s('user_roles')} ur where ur.user_id = any(${userIds})
  union
  select gu.user_id, gr.role_id from ${s('group_users')} gu
    join ${s('group_roles')} gr on gr.group_id = gu.group_id
    join ${s('groups')} g on g.id = gr.group_id and g.actived
    where gu.user_id = any(${userIds})
  union
  select u.id, orr.role_id from ${s('users')} u
    join ${s('organizations')} own on own.id = u.org_id
    join ${s('org_roles')} orr on own.path like '%/' || orr.org_id::text || '/%'
    where u.id = any(${userIds})
  union
  select up.user_id, pr.role_id from ${s('user_positions')} up
    join ${s('position_roles')} pr on pr.position_id = up.position_id
    where up.user_id = any(${userIds})`;

/**
 * What each of the users may do, as (user_id, item) rows: 'all' for a holder of every resource
 * (and then nothing else, since nothing else adds to it), otherwise 'api:METHOD:/path' for every
 * call their elements gate and 'res:<resource>' for every menu node they are granted. The same
 * rules as the decider (access/decider.ts), for many users at once and for either state.
 */
export const grantItems = (s: Source, userIds: SQL): SQL => sql`
  with held as (${heldRoles(s, userIds)}),
  granted as (
    select h.user_id, m.resource, m.api, r.all_resources from held h
      join ${s('roles')} r on r.id = h.role_id
      left join ${s('role_menus')} rm on rm.role_id = h.role_id
      left join ${s('menus')} m on m.id = rm.menu_id
  ),
  items as (
    select user_id, 'all' as item from granted where all_resources
    union select user_id, 'res:' || resource from granted where resource is not null
    union select user_id, 'api:' || entry from granted, jsonb_array_elements_text(coalesce(api, '[]'::jsonb)) entry
  )
  select i.user_id, i.item from items i
    where i.item = 'all' or not exists (select 1 from items a where a.user_id = i.user_id and a.item = 'all')`;

/** (role_id, item) of what each role grants, in the items' terms above ('all' kept beside the rest). */
const roleItems = (s: Source): SQL => sql`
  select r.id as role_id, 'all' as item from ${s('roles')} r where r.all_resources
  union select rm.role_id, 'res:' || m.resource from ${s('role_menus')} rm join ${s('menus')} m on m.id = rm.menu_id
  union select rm.role_id, 'api:' || entry from ${s('role_menus')} rm
    join ${s('menus')} m on m.id = rm.menu_id, jsonb_array_elements_text(m.api) entry`;

export interface CarrierKeys {
  group: string[];
  org: string[];
  position: string[];
  /** The roles changed, and those granting a changed menu node in either state. */
  role: string[];
  menu: string[];
}

/**
 * What each carrier of grants hands out, as (carrier, item) rows: a group, organisation or
 * position its roles' items, a role its own, a menu element the calls it lists. A change may not
 * make any of them hand out what the actor does not hold, even before anyone receives it.
 */
export const carrierItems = (s: Source, k: CarrierKeys): SQL => sql`
  with role_items as (${roleItems(s)}),
  carriers as (
    select 'group:' || gr.group_id as carrier, gr.role_id from ${s('group_roles')} gr
      join ${s('groups')} g on g.id = gr.group_id and g.actived where gr.group_id = any(${uuidArray(k.group)})
    union select 'org:' || orr.org_id, orr.role_id from ${s('org_roles')} orr where orr.org_id = any(${uuidArray(k.org)})
    union select 'position:' || pr.position_id, pr.role_id from ${s('position_roles')} pr
      where pr.position_id = any(${uuidArray(k.position)})
    union select 'role:' || r.id, r.id from ${s('roles')} r where r.id = any(${uuidArray(k.role)})
  )
  select c.carrier, ri.item from carriers c join role_items ri on ri.role_id = c.role_id
  union select 'menu:' || m.id, 'api:' || entry from ${s('menus')} m, jsonb_array_elements_text(m.api) entry
    where m.id = any(${uuidArray(k.menu)})`;
