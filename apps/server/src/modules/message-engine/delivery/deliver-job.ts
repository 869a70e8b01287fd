import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { errorText, type JobHandler } from '../../../platform/jobs/index.ts';
import type { ChannelSenders } from '../channels/sender.ts';
import { messageChannels, messageContents, type ChannelType } from '../tables.ts';
import { BATCH_SIZE, type DeliveryPayload } from './batches.ts';
import { pendingReceiversOf, recordOutcomes, type BatchReceiver, type ReceiverOutcome } from './batch-receivers.ts';

type Content = { subject: string; body: string; format: 'text' | 'html'; type: ChannelType };

/** Contents kept per message and channel: a send to many people reads its content once, not per batch. */
const CONTENTS_KEPT = 500;

/**
 * Sends of one batch at once, by kind of channel: an SMTP pool queues mail on its own connections,
 * so a batch hands it all; an HTTP gateway gets one request at a time per batch, which bounds the
 * requests in flight to the job runner's concurrency.
 */
const SENDS_AT_ONCE: Record<ChannelType, number> = { email: BATCH_SIZE, sms: 1, webhook: 1, inApp: 1 };

const isPayload = (value: unknown): value is DeliveryPayload => {
  const payload = value as Partial<DeliveryPayload> | null;
  return typeof payload?.m === 'string' && typeof payload.c === 'string';
};

/** Runs `attempt` for every receiver, `atOnce` at a time, and answers how each ended. */
async function attemptEach(
  receivers: readonly BatchReceiver[],
  atOnce: number,
  attempt: (receiver: BatchReceiver) => Promise<void>,
): Promise<ReceiverOutcome[]> {
  const outcomes: ReceiverOutcome[] = [];
  let next = 0;
  async function lane() {
    while (next < receivers.length) {
      const receiver = receivers[next++] as BatchReceiver;
      const startedAt = new Date();
      const error = await attempt(receiver).then(() => null, errorText);
      outcomes.push({ id: receiver.id, startedAt, finishedAt: new Date(), error });
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, receivers.length) }, lane));
  return outcomes;
}

/**
 * Delivers one batch: a message to the receivers of one channel whose rows name this job and are
 * still pending. Each receiver's idempotency key (message and receiver) travels to the provider,
 * so a delivery repeated after a crash is recognised there. Every attempt is recorded per
 * receiver; when any failed, the job fails and its retry sends to those alone. A message deleted
 * meanwhile has nothing left to deliver.
 */
export function deliverMessageJob(db: Db, senders: ChannelSenders): JobHandler {
  const contents = new Map<string, Promise<Content | undefined>>();

  function contentOf(messageId: string, channelId: string) {
    const key = `${messageId}/${channelId}`;
    let content = contents.get(key);
    if (!content) {
      content = db
        .select({
          subject: messageContents.subject,
          body: messageContents.body,
          format: messageContents.format,
          type: messageChannels.type,
        })
        .from(messageContents)
        .innerJoin(messageChannels, eq(messageChannels.id, messageContents.channelId))
        .where(and(eq(messageContents.messageId, messageId), eq(messageContents.channelId, channelId)))
        .then(([row]) => row);
      content.catch(() => contents.delete(key));
      if (contents.size >= CONTENTS_KEPT) contents.delete(contents.keys().next().value as string);
      contents.set(key, content);
    }
    return content;
  }

  return async ({ jobId, payload }) => {
    if (!isPayload(payload)) throw new Error('not a message delivery: the message and the channel are required');
    const content = await contentOf(payload.m, payload.c);
    if (!content) return;
    const { type, ...mail } = content;
    const receivers = await pendingReceiversOf(db, jobId);
    const outcomes = await attemptEach(receivers, SENDS_AT_ONCE[type], (receiver) =>
      senders.send(payload.c, {
        messageId: payload.m,
        idempotencyKey: `${payload.m}.${receiver.id}`,
        receiver: { userId: receiver.userId, name: receiver.name, address: receiver.address },
        ...mail,
      }),
    );
    await recordOutcomes(db, jobId, outcomes);
    const failed = outcomes.filter((outcome) => outcome.error !== null);
    if (failed.length === 0) return;
    const first = failed[0]?.error ?? 'failed';
    throw new Error(
      failed.length === outcomes.length ? first : `${failed.length} of ${outcomes.length} receivers failed, the first: ${first}`,
    );
  };
}
