import type { Recipients } from '@portal/contracts';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { groups, organizations, roles, users } from '../../../platform/db/schema.ts';
import { badRequest } from '../../../platform/errors.ts';
import { roleHolderIds } from '../../permission/access/effective-roles.ts';

/** The recipients named in a message, each list without repeats. */
export interface RecipientIds {
  userIds: string[];
  groupIds: string[];
  roleIds: string[];
  orgIds: string[];
}

export const recipientIdsOf = (to: Recipients): RecipientIds => ({
  userIds: [...new Set(to.userIds ?? [])],
  groupIds: [...new Set(to.groupIds ?? [])],
  roleIds: [...new Set(to.roleIds ?? [])],
  orgIds: [...new Set(to.orgIds ?? [])],
});

const KINDS = [
  { field: 'userIds', table: users, id: users.id },
  { field: 'groupIds', table: groups, id: groups.id },
  { field: 'roleIds', table: roles, id: roles.id },
  { field: 'orgIds', table: organizations, id: organizations.id },
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
 * Delivers a message to everyone named, once each and active users only, in one INSERT … SELECT.
 * A group reaches its members whether or not it is active (its state gates the roles it grants,
 * not who belongs to it). Returns how many inboxes it reached.
 */
export async function insertRecipients(db: Db, message: { id: string; createdAt: Date }, ids: RecipientIds): Promise<number> {
  const [row] = await rawRows<{ recipients: number }>(
    db,
    sql`
    with targets as (
      select unnest(${uuids(ids.userIds)}) as user_id
      union
      select gu.user_id from group_users gu where gu.group_id = any(${uuids(ids.groupIds)})
      union ${orgMembers(uuids(ids.orgIds))}
      union ${roleHolderIds(uuids(ids.roleIds))}
    ), inserted as (
      insert into inside_message_recipients (user_id, message_id, delivered_at)
      select u.id, ${message.id}::uuid, ${message.createdAt.toISOString()}::timestamptz
      from users u where u.actived and u.id in (select user_id from targets)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as recipients from inserted`,
  );
  return Number(row?.recipients ?? 0);
}
