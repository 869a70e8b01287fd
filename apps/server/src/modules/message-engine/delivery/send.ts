import type { NotifyBody, NotifyResult } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import type { PermissionApi } from '../../permission/index.ts';
import { INSIDE_MESSAGE_TOPIC } from '../context.ts';
import { messageContents, messages, messageTargets } from '../tables.ts';
import { enqueueDeliveries, expandReceivers, recordInAppReceivers } from './fan-out.ts';
import { planSend, type Draft } from './plan.ts';
import { insertRecipients } from './recipients.ts';
import { insertInsideMessage } from './deliver.ts';
import { assertSendRate, type SendRate } from './send-rate.ts';

export interface SendDeps {
  db: Db;
  people: PermissionApi['people'];
}

/** Who sends: a user (their id scopes the idempotency key and is shown as the sender), or the system. */
export interface Sender {
  userId: string | null;
  /**
   * Who the message is from, as the inbox filters it: decided by the caller from the sender's
   * identity (a person's send: userSource; the platform's own modules: their name, or "system").
   */
  source: string;
  /** With it, the send is recorded in the audit log in its transaction (an administrator's send). */
  audit?: AuditActor;
  /** With it (a person's send), the sender's sends of the last minute must be within it (send-rate.ts). */
  rate?: SendRate;
}

export interface SendResult extends NotifyResult {
  /** The inbox copy, when the message went in-app. */
  insideMessageId: string | null;
}

const scopeOf = (sender: Sender) => sender.userId ?? 'system';

async function earlierSend(db: Db, sender: Sender, key: string | undefined): Promise<SendResult | undefined> {
  if (key === undefined) return undefined;
  const [row] = await db
    .select({ id: messages.id, recipients: messages.recipients, insideMessageId: messages.insideMessageId })
    .from(messages)
    .where(and(eq(messages.idempotencyScope, scopeOf(sender)), eq(messages.idempotencyKey, key)));
  return row ? { ...row, replayed: true } : undefined;
}

const isKeyConflict = (error: unknown) =>
  (error as { code?: string; constraint?: string } | null)?.code === '23505' &&
  /messages_idempotency_unique/.test(String((error as { constraint?: string; message?: string }).constraint ?? (error as Error).message));

/**
 * Sends a message in one transaction: the record, what each channel carries, the objects named,
 * one receiver row per person per channel, the inbox copies (delivered at commit) and, on every
 * other channel, one delivery job per batch of receivers (platform/jobs delivers them, retrying,
 * exactly once per idempotency key). Nothing is written when any part is refused. The same
 * idempotency key from the same sender answers the first send's message without sending again
 * (before the send rate is counted: a repeat sends nothing).
 */
export async function sendMessage(deps: SendDeps, input: NotifyBody, drafts: Draft[], sender: Sender): Promise<SendResult> {
  const earlier = await earlierSend(deps.db, sender, input.idempotencyKey);
  if (earlier) return earlier;
  const plan = await planSend(deps.db, input, drafts);
  try {
    return await transaction(deps.db, async (tx) => {
      if (sender.rate && sender.userId) await assertSendRate(tx, sender.userId, sender.rate);
      await deps.people.assertExist(tx, plan.ids);
      const [message] = await tx
        .insert(messages)
        .values({
          title: plan.title,
          source: sender.source,
          classificationId: plan.classificationId,
          senderId: sender.userId,
          idempotencyScope: scopeOf(sender),
          idempotencyKey: input.idempotencyKey ?? null,
          named: plan.ids,
          variables: (input.variables ?? {}) as Record<string, unknown>,
          notice: input.notice ?? [],
        })
        .returning({ id: messages.id, createdAt: messages.createdAt });
      if (!message) throw new Error('message insert returned no row');
      await tx.insert(messageContents).values(
        plan.contents.map(({ channelId, templateId, subject, body, format }) => ({
          messageId: message.id,
          channelId,
          templateId,
          subject,
          body,
          format,
        })),
      );
      const targets = await deps.people.namedTargets(tx, plan.ids);
      if (targets.length > 0) await tx.insert(messageTargets).values(targets.map((target) => ({ messageId: message.id, ...target })));
      const recipients = await expandReceivers(tx, deps.people, plan.ids);
      let insideMessageId: string | null = null;
      for (const content of plan.contents) {
        if (content.channel.type !== 'inApp') {
          await enqueueDeliveries(tx, message.id, content.channel, plan.classificationId);
          continue;
        }
        const inside = await insertInsideMessage(tx, {
          title: content.subject,
          content: content.body,
          source: sender.source,
          notice: input.notice ?? [],
          senderId: sender.userId,
          createdAt: message.createdAt,
        });
        insideMessageId = inside;
        await insertRecipients(tx, { id: inside, createdAt: message.createdAt });
        await recordInAppReceivers(tx, message.id, content.channelId);
        if (recipients > 0) tx.afterCommit(INSIDE_MESSAGE_TOPIC, JSON.stringify({ messageId: inside }));
      }
      await tx.update(messages).set({ recipients, insideMessageId }).where(eq(messages.id, message.id));
      if (sender.audit) {
        await recordAudit(tx, sender.audit, {
          action: 'messages.send',
          targetType: 'message',
          targetId: message.id,
          after: { title: plan.title, channels: plan.contents.map((content) => content.channelId), to: plan.ids, recipients },
        });
      }
      return { id: message.id, recipients, replayed: false, insideMessageId };
    });
  } catch (error) {
    // Two sends with one key at once: the second finds the first's message once that has committed.
    const first = isKeyConflict(error) ? await earlierSend(deps.db, sender, input.idempotencyKey) : undefined;
    if (first) return first;
    throw error;
  }
}
