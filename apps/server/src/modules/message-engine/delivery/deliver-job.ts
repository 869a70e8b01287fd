import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { JobHandler } from '../../../platform/jobs/index.ts';
import type { ChannelSenders } from '../channels/sender.ts';
import { messageContents } from '../tables.ts';
import type { DeliveryPayload } from './fan-out.ts';

type Content = { subject: string; body: string; format: 'text' | 'html' };

/** Contents kept per message and channel: a send to many people reads its content once, not per person. */
const CONTENTS_KEPT = 500;

const isPayload = (value: unknown): value is DeliveryPayload => {
  const payload = value as Partial<DeliveryPayload> | null;
  return typeof payload?.m === 'string' && typeof payload.c === 'string' && typeof payload.r === 'number' && typeof payload.n === 'string';
};

/**
 * Delivers one message to one person on one channel. The idempotency key (message and receiver)
 * travels to the provider, so a delivery repeated after a crash is recognised there. A message
 * deleted meanwhile has nothing left to deliver.
 */
export function deliverMessageJob(db: Db, senders: ChannelSenders): JobHandler {
  const contents = new Map<string, Promise<Content | undefined>>();

  function contentOf(messageId: string, channelId: string) {
    const key = `${messageId}/${channelId}`;
    let content = contents.get(key);
    if (!content) {
      content = db
        .select({ subject: messageContents.subject, body: messageContents.body, format: messageContents.format })
        .from(messageContents)
        .where(and(eq(messageContents.messageId, messageId), eq(messageContents.channelId, channelId)))
        .then(([row]) => row);
      content.catch(() => contents.delete(key));
      if (contents.size >= CONTENTS_KEPT) contents.delete(contents.keys().next().value as string);
      contents.set(key, content);
    }
    return content;
  }

  return async ({ payload, idempotencyKey }) => {
    if (!isPayload(payload)) throw new Error('not a message delivery: message, channel, receiver and name are required');
    const content = await contentOf(payload.m, payload.c);
    if (!content) return;
    await senders.send(payload.c, {
      messageId: payload.m,
      idempotencyKey,
      receiver: { userId: payload.u, name: payload.n, address: payload.a },
      ...content,
    });
  };
}
