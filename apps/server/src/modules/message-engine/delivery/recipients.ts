import type { Recipients } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import type { PermissionApi, RecipientIds } from '../../permission/index.ts';

export const recipientIdsOf = (to: Recipients): RecipientIds => ({
  userIds: [...new Set(to.userIds ?? [])],
  groupIds: [...new Set(to.groupIds ?? [])],
  roleIds: [...new Set(to.roleIds ?? [])],
  orgIds: [...new Set(to.orgIds ?? [])],
});

/**
 * Delivers a message to everyone named, once each and active users only, in one INSERT … SELECT
 * from the people permission reaches. Returns how many inboxes it reached.
 */
export async function insertRecipients(
  db: Db,
  people: PermissionApi['people'],
  message: { id: string; createdAt: Date },
  ids: RecipientIds,
): Promise<number> {
  const [row] = await rawRows<{ recipients: number }>(
    db,
    sql`
    with inserted as (
      insert into inside_message_recipients (user_id, message_id, delivered_at)
      select reached.user_id, ${message.id}::uuid, ${message.createdAt.toISOString()}::timestamptz
      from (${people.reachedUserIds(ids)}) reached
      on conflict do nothing
      returning 1
    )
    select count(*)::int as recipients from inserted`,
  );
  return Number(row?.recipients ?? 0);
}
