import { DEFAULT_MAX_CONNECTIONS } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { errorText, type JobHandler } from '../../../platform/jobs/index.ts';
import type { ChannelSenders, OutgoingDelivery } from '../channels/sender.ts';
import { messageChannels, messageContents, type ChannelType } from '../tables.ts';
import { createAttemptLog, type AttemptLog, type AttemptOf } from './attempts.ts';
import { createBatchSlots } from './batch-slots.ts';
import type { DeliveryPayload } from './batches.ts';
import { pendingReceiversOf, type BatchReceiver } from './batch-receivers.ts';

type Content = { subject: string; body: string; format: 'text' | 'html'; type: ChannelType; connections: number | null };

/** Contents kept per message and channel: a send to many people reads its content once, not per batch. */
const CONTENTS_KEPT = 500;

/**
 * Sends of one batch at once, by kind of channel. A batch on an email channel holds one of its
 * pool's connections (batch-slots.ts) and keeps four mails in the pool: one on a connection, the
 * others ready for when the server has taken it, while the lane that sent it records its end (a
 * mail waiting in the pool has not begun: a crash does not send it twice). An HTTP gateway gets
 * one request at a time per batch, which bounds the requests in flight to the job runner's concurrency.
 */
const SENDS_AT_ONCE: Record<ChannelType, number> = { email: 4, sms: 1, webhook: 1, inApp: 1 };

/**
 * Providers that hold back the outside system's acceptance until the attempt's start is recorded
 * (they call `beforeAccept`: SMTP keeps the end of the data). For the others the start is recorded
 * before the request leaves.
 */
const HOLDS_ACCEPTANCE: Record<ChannelType, boolean> = { email: true, sms: false, webhook: false, inApp: false };

const isPayload = (value: unknown): value is DeliveryPayload => {
  const payload = value as Partial<DeliveryPayload> | null;
  return typeof payload?.m === 'string' && typeof payload.c === 'string';
};

type Mail = Omit<OutgoingDelivery, 'receiver' | 'idempotencyKey' | 'beforeAccept'>;

/**
 * One attempt at one receiver, recorded as it goes: its start before the provider may accept it,
 * its end as soon as the provider answers. Answers the provider's refusal (null when accepted),
 * or undefined when the receiver was no longer waiting on this job (nothing sent).
 */
async function attemptOne(
  log: AttemptLog,
  send: (delivery: OutgoingDelivery) => Promise<void>,
  of: AttemptOf & { holds: boolean },
  receiver: BatchReceiver,
  mail: Mail,
): Promise<string | null | undefined> {
  const startedAt = new Date();
  let started: Promise<number | null> | undefined;
  const start = () => (started ??= log.start(of));
  if (!of.holds && (await start()) === null) return undefined;
  const error = await send({
    ...mail,
    idempotencyKey: `${mail.messageId}.${receiver.id}`,
    receiver: { userId: receiver.userId, name: receiver.name, address: receiver.address },
    beforeAccept: async () => {
      if ((await start()) === null) throw new Error('The receiver is no longer waiting for this delivery');
    },
  }).then(() => null, errorText);
  const attempt = started && (await started.catch(() => undefined));
  if (attempt === null) return undefined;
  if (attempt === undefined) await log.whole(of, startedAt, error);
  else await log.end(of, attempt, error);
  return error;
}

/**
 * Runs every receiver through `attempt`, `atOnce` at a time, and answers the refusals. A failure
 * to record stops every lane (nothing more is sent) and is thrown once they have stopped.
 */
async function attemptEach(
  receivers: readonly BatchReceiver[],
  atOnce: number,
  attempt: (receiver: BatchReceiver) => Promise<string | null | undefined>,
): Promise<string[]> {
  const refusals: string[] = [];
  let next = 0;
  let broken: unknown;
  async function lane() {
    while (next < receivers.length && broken === undefined) {
      const receiver = receivers[next++] as BatchReceiver;
      try {
        const refusal = await attempt(receiver);
        if (refusal) refusals.push(refusal);
      } catch (error) {
        broken ??= error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, receivers.length) }, lane));
  if (broken !== undefined) throw broken;
  return refusals;
}

/**
 * Delivers one batch: a message to the receivers of one channel whose rows name this job and are
 * still pending. Each receiver's idempotency key (message and receiver) travels to the provider
 * (the Message-ID of a mail), so a delivery repeated after a crash is recognised there. Every
 * attempt is in the receiver's log from its start (attempts.ts): a crash re-sends only what was
 * under way, and the restart closes those attempts as cut off. When any receiver failed, the job
 * fails and its retry sends to those alone. A message deleted meanwhile has nothing left to deliver.
 */
export function deliverMessageJob(db: Db, senders: ChannelSenders): JobHandler {
  const contents = new Map<string, Promise<Content | undefined>>();
  const log = createAttemptLog(db);
  const takeSlot = createBatchSlots();

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
          connections: sql<number | null>`(${messageChannels.settings} ->> 'maxConnections')::int`,
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
    const { type, connections, ...body } = content;
    const receivers = await pendingReceiversOf(db, jobId);
    if (receivers.length === 0) return;
    const giveBack = type === 'email' ? await takeSlot(payload.c, connections ?? DEFAULT_MAX_CONNECTIONS) : () => undefined;
    let refusals: string[];
    try {
      const send = (delivery: OutgoingDelivery) => senders.send(payload.c, delivery);
      const mail = { messageId: payload.m, ...body };
      refusals = await attemptEach(receivers, SENDS_AT_ONCE[type], (receiver) =>
        attemptOne(log, send, { receiverId: receiver.id, jobId, holds: HOLDS_ACCEPTANCE[type] }, receiver, mail),
      );
    } finally {
      giveBack();
    }
    const [first] = refusals;
    if (first === undefined) return;
    throw new Error(
      refusals.length === receivers.length ? first : `${refusals.length} of ${receivers.length} receivers failed, the first: ${first}`,
    );
  };
}
