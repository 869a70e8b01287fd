import type { Recipients } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { RecipientIds } from '../../permission/index.ts';

export const recipientIdsOf = (to: Recipients): RecipientIds => ({
  userIds: [...new Set(to.userIds ?? [])],
  groupIds: [...new Set(to.groupIds ?? [])],
  roleIds: [...new Set(to.roleIds ?? [])],
  orgIds: [...new Set(to.orgIds ?? [])],
});

/** Puts an inside message in the inbox of everyone the send reached (`send_reached`, fan-out.ts), in one INSERT … SELECT. */
export async function insertRecipients(tx: Db, message: { id: string; createdAt: Date }): Promise<void> {
  await tx.execute(sql`
    insert into inside_message_recipients (user_id, message_id, delivered_at)
    select p.user_id, ${message.id}::uuid, ${message.createdAt.toISOString()}::timestamptz from send_reached p
    on conflict do nothing`);
}
