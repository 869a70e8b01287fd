import { sql, type SQL } from 'drizzle-orm';
import { heldRoles, uuidArray } from '../effective-roles.ts';
import type { Source } from './sources.ts';

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

/**
 * Whether the actor's items (a CTE `actor_items(item)` in the query) cover `item`: the actor holds
 * every resource, the same item, or a resource the item's node lies below.
 */
export const coveredByActor = (item: SQL): SQL => sql`exists (
  select 1 from actor_items a
    where a.item = 'all' or a.item = ${item} or (a.item like 'res:%' and left(${item}, length(a.item) + 1) = a.item || ':')
)`;
