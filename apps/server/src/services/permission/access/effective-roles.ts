import { sql, type SQL } from 'drizzle-orm';

/**
 * The ids of every role a user holds: granted to them directly, to an active group they belong to,
 * to their organisation or any organisation above it, or to a position they fill. A subquery, so
 * callers combine it with what they select.
 */
export const effectiveRoleIds = (userId: string): SQL => sql`(
  select role_id from user_roles where user_id = ${userId}
  union
  select gr.role_id from group_roles gr
    join group_users gu on gu.group_id = gr.group_id
    join groups g on g.id = gr.group_id and g.actived
    where gu.user_id = ${userId}
  union
  select orr.role_id from org_roles orr
    join organizations own on own.id = (select org_id from users where id = ${userId})
    where own.path like '%/' || orr.org_id::text || '/%'
  union
  select pr.role_id from position_roles pr
    join user_positions up on up.position_id = pr.position_id
    where up.user_id = ${userId}
)`;

/**
 * The users holding any of these roles (`roleIds`: an array expression), by the same routes as
 * effectiveRoleIds read in reverse: directly, through an active group, through their organisation
 * or one above it, through a position. A union to select from or test membership in.
 */
export const roleHolderIds = (roleIds: SQL): SQL => sql`
  select ur.user_id from user_roles ur where ur.role_id = any(${roleIds})
  union
  select gu.user_id from group_roles gr
    join groups g on g.id = gr.group_id and g.actived
    join group_users gu on gu.group_id = gr.group_id
    where gr.role_id = any(${roleIds})
  union
  select u.id from org_roles orr
    join organizations granting on granting.id = orr.org_id
    join organizations o on starts_with(o.path, granting.path)
    join users u on u.org_id = o.id
    where orr.role_id = any(${roleIds})
  union
  select up.user_id from position_roles pr
    join user_positions up on up.position_id = pr.position_id
    where pr.role_id = any(${roleIds})`;
