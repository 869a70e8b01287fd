import { inArray, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { badRequest } from '../../../platform/errors.ts';
import { roleHolderIds } from '../access/effective-roles.ts';
import { groups, organizations, roles, users } from '../tables.ts';

/** People named by id and by what they belong to: users, groups, roles, organisations (each list without repeats). */
export interface RecipientIds {
  userIds: string[];
  groupIds: string[];
  roleIds: string[];
  orgIds: string[];
}

const KINDS = [
  { objectType: 'user', field: 'userIds', table: users, id: users.id, name: users.name },
  { objectType: 'group', field: 'groupIds', table: groups, id: groups.id, name: groups.name },
  { objectType: 'role', field: 'roleIds', table: roles, id: roles.id, name: roles.name },
  { objectType: 'organization', field: 'orgIds', table: organizations, id: organizations.id, name: organizations.name },
] as const;

/** A 400 naming every id that does not exist, so a message never goes out to fewer people than asked silently. */
export async function assertRecipientsExist(db: Db, ids: RecipientIds): Promise<void> {
  const unknown: Record<string, string[]> = {};
  for (const kind of KINDS) {
    const wanted = ids[kind.field];
    if (wanted.length === 0) continue;
    const found = new Set((await db.select({ id: kind.id }).from(kind.table).where(inArray(kind.id, wanted))).map((row) => row.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) unknown[kind.field] = missing;
  }
  if (Object.keys(unknown).length > 0) throw badRequest('Some recipients do not exist', { field: 'to', unknown });
}

const uuids = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** Users in the organisations or anywhere below them (materialised path), as members or in a secondary department. */
const orgMembers = (orgIds: SQL) => sql`
  select u.id from organizations top
    join organizations o on starts_with(o.path, top.path)
    join users u on u.org_id = o.id
    where top.id = any(${orgIds})
  union
  select so.user_id from organizations top
    join organizations o on starts_with(o.path, top.path)
    join user_secondary_orgs so on so.org_id = o.id
    where top.id = any(${orgIds})`;

/**
 * A subquery of the active users reached (`user_id`), each once: the users named, the members of
 * the groups (whether or not a group is active: its state gates the roles it grants, not who
 * belongs to it), the holders of the roles, the members of the organisations and their subtrees.
 * A subquery, so a caller can insert from it in one statement however many are reached.
 */
export const reachedUserIds = (ids: RecipientIds): SQL => sql`
  select u.id as user_id from users u where u.actived and u.id in (
    select unnest(${uuids(ids.userIds)})
    union
    select gu.user_id from group_users gu where gu.group_id = any(${uuids(ids.groupIds)})
    union ${orgMembers(uuids(ids.orgIds))}
    union ${roleHolderIds(uuids(ids.roleIds))}
  )`;

/** A scalar subquery naming the user whose id `userId` holds (a sender's name beside a message). */
export const userNameOf = (userId: SQL | { getSQL(): SQL }): SQL<string | null> =>
  sql<string | null>`(select name from users where id = ${userId})`;

/** The reached users' names and addresses (`user_id, name, email, phone`): what a message needs to go out by mail or SMS. */
export const reachedContacts = (ids: RecipientIds): SQL => sql`
  select u.id as user_id, u.name, u.email, u.phone from users u where u.id in (${reachedUserIds(ids)})`;

export interface NamedTarget {
  objectType: 'user' | 'group' | 'role' | 'organization';
  objectId: string;
  name: string;
  /** Active users it reaches (an organisation: with its subtree). */
  reached: number;
}

/** Nobody named: spread it and name some (`{ ...NO_RECIPIENTS, userIds: [id] }`). */
export const NO_RECIPIENTS: RecipientIds = { userIds: [], groupIds: [], roleIds: [], orgIds: [] };

/** Each object named, with its name and how many active users it reaches on its own (a message record's "sent to"). */
export async function namedTargets(db: Db, ids: RecipientIds): Promise<NamedTarget[]> {
  const named: NamedTarget[] = [];
  for (const kind of KINDS) {
    const wanted = ids[kind.field];
    if (wanted.length === 0) continue;
    const rows = await db.select({ id: kind.id, name: kind.name }).from(kind.table).where(inArray(kind.id, wanted));
    for (const row of rows) {
      const [counted] = await rawRows<{ reached: number }>(
        db,
        sql`select count(*)::int as reached from (${reachedUserIds({ ...NO_RECIPIENTS, [kind.field]: [row.id] })}) r`,
      );
      named.push({ objectType: kind.objectType, objectId: row.id, name: row.name, reached: Number(counted?.reached ?? 0) });
    }
  }
  return named;
}

/** A subquery (`group_id`) of the groups the user belongs to (whether or not a group is active, as above). */
export const groupIdsOf = (userId: string): SQL => sql`select gu.group_id from group_users gu where gu.user_id = ${userId}::uuid`;
