import type { NoticeEntry, Recipients } from '@portal/contracts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { insideMessages } from '../tables.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import { INSIDE_MESSAGE_TOPIC } from '../context.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { insertRecipients, recipientIdsOf } from './recipients.ts';

export interface InsideMessageInput {
  title: string;
  content: string;
  /** Which module or feature sends it; the inbox filters by it. Default 'system'. */
  source?: string | undefined;
  notice?: NoticeEntry[] | undefined;
  to: Recipients;
  /** The user who sends it, if any (shown as the sender); null or absent for the system. */
  senderId?: string | null | undefined;
}

export interface DeliveryDeps {
  db: Db;
  events: EventBus;
  /** Who the recipients are (permission's api). */
  people: PermissionApi['people'];
  /** Told when the live push fails after the message was stored (recipients still see it on their next poll). */
  onPushFailure?: (error: unknown) => void;
}

/**
 * Sends an inside message: stores it and one inbox row per recipient in one transaction (users
 * named, members of groups, holders of roles, members of organisations and their subtrees; each
 * active user once), then announces it on the event bus so open streams on every instance push it.
 * With `audit`, the send is recorded in the same transaction (an administrator's send).
 */
export async function deliverInsideMessage(
  deps: DeliveryDeps,
  input: InsideMessageInput,
  audit?: AuditActor,
): Promise<{ id: string; recipients: number }> {
  const ids = recipientIdsOf(input.to);
  if (Object.values(ids).every((list) => list.length === 0)) {
    throw badRequest('Name at least one recipient: users, groups, roles or organisations', { field: 'to' });
  }
  const source = input.source ?? 'system';
  const sent = await deps.db.transaction(async (tx) => {
    await deps.people.assertExist(tx, ids);
    const [message] = await tx
      .insert(insideMessages)
      .values({ title: input.title, content: input.content, source, notice: input.notice ?? [], senderId: input.senderId ?? null })
      .returning({ id: insideMessages.id, createdAt: insideMessages.createdAt });
    if (!message) throw new Error('inside message insert returned no row');
    const recipients = await insertRecipients(tx, deps.people, message, ids);
    if (audit) {
      await recordAudit(tx, audit, {
        action: 'insideMessages.send',
        targetType: 'insideMessage',
        targetId: message.id,
        after: { title: input.title, source, notice: input.notice ?? [], to: ids, recipients },
      });
    }
    return { id: message.id, recipients };
  });
  if (sent.recipients > 0) {
    // After the commit, so every instance's query finds the rows. Only the id: NOTIFY payloads are small.
    await deps.events
      .publish(INSIDE_MESSAGE_TOPIC, JSON.stringify({ messageId: sent.id }))
      .catch((error: unknown) => deps.onPushFailure?.(error));
  }
  return sent;
}
