import { sql, type SQL } from 'drizzle-orm';
import { afterChange, type Source } from './containment/sources.ts';
import { isUuid } from '../../../platform/uuid.ts';

/**
 * Who holds which role, by every grant route: directly, through an active group, through their
 * organisation or one above it, through a position. Written once for any state of the tables
 * (`Source`): the decider and message delivery read the tables as they are; the containment check
 * (containment/) also reads them as they were before the change it checks.
 */

/** A literal uuid[] for ids read from the database or the journal (checked, so nothing else gets in). */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!isUuid(id)) throw new Error(`not a uuid: ${id}`);
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
export const heldRoles = (s: Source, userIds: SQL): SQL => sql`
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

/** The ids of every role a user holds, by every route: a subquery callers combine with what they select. */
export const effectiveRoleIds = (userId: string): SQL => sql`(select role_id from (${heldRoles(afterChange, uuidArray([userId]))}) held)`;

/** The users holding any of these roles (`roleIds`: an array expression), by every route: a union to select from. */
export const roleHolderIds = (roleIds: SQL): SQL => holdersOf(afterChange, sql`select unnest(${roleIds})`);
