import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { INSIDE_MESSAGE_TOPIC } from '../context.ts';
import { newMessageById, type InboxSource } from '../inside-messages/views.ts';
import { eventFrame, KEEP_ALIVE_FRAME, type EventStream } from './sse.ts';

/** One open stream of one user. */
export interface StreamClient extends EventStream {
  userId: string;
  /** Whether the stream's credentials still hold (token not expired, chain not revoked). */
  stillValid(): Promise<boolean>;
}

export interface StreamHub {
  /** Registers an open stream; the answer unregisters it. */
  add(client: StreamClient): () => void;
  /** How many streams are open on this instance. */
  readonly size: number;
  /** How many streams of this user are open on this instance. */
  openFor(userId: string): number;
  /** Ends every stream and stops listening. */
  close(): void;
}

export const HEARTBEAT_MS = 25_000;

/** The connected users among a message's recipients, each with their unread count: one grouped query. */
const connectedRecipients = (db: Db, messageId: string, userIds: string[]) =>
  rawRows<{ user_id: string; unread: number }>(
    db,
    sql`
    select r.user_id, count(u.message_id)::int as unread
    from inside_message_recipients r
    left join inside_message_recipients u on u.user_id = r.user_id and u.read_at is null
    where r.message_id = ${messageId}::uuid and r.user_id = any(${sql.param(userIds)}::uuid[])
    group by r.user_id`,
  );

const messageIdOf = (payload: string): string | undefined => {
  try {
    const { messageId } = JSON.parse(payload) as { messageId?: unknown };
    return typeof messageId === 'string' ? messageId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The instance's open event streams, by user. It subscribes once to the delivery topic; for each
 * message it asks the database which of the recipients are connected here and pushes the message
 * with their new unread count. A heartbeat keeps idle streams open and ends those whose token no
 * longer holds, so a signed-out session stops receiving within one beat.
 */
export function createStreamHub(deps: {
  db: Db;
  people: InboxSource['people'];
  events: EventBus;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}): StreamHub {
  const byUser = new Map<string, Set<StreamClient>>();

  async function fanOut(messageId: string) {
    if (byUser.size === 0) return;
    const [message, recipients] = await Promise.all([
      newMessageById(deps, messageId),
      connectedRecipients(deps.db, messageId, [...byUser.keys()]),
    ]);
    if (!message) return;
    const json = JSON.stringify(message);
    for (const { user_id: userId, unread } of recipients) {
      const frame = eventFrame(INSIDE_MESSAGE_TOPIC, `{"message":${json},"unread":${Number(unread)}}`);
      for (const client of byUser.get(userId) ?? []) client.write(frame);
    }
  }

  const unsubscribe = deps.events.subscribe(INSIDE_MESSAGE_TOPIC, (payload) => {
    const messageId = messageIdOf(payload);
    if (!messageId) return deps.log.warn({ payload }, 'inside message event without a message id');
    fanOut(messageId).catch((error: unknown) => deps.log.error({ err: error, messageId }, 'inside message fan-out failed'));
  });

  async function beat() {
    const clients = [...byUser.values()].flatMap((set) => [...set]);
    await Promise.all(clients.map(async (client) => ((await client.stillValid()) ? client.write(KEEP_ALIVE_FRAME) : client.end())));
  }
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => deps.log.error({ err: error }, 'event stream heartbeat failed'));
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    add(client) {
      const set = byUser.get(client.userId) ?? new Set();
      byUser.set(client.userId, set.add(client));
      return () => {
        // Safe to call twice: the second finds nothing to delete.
        set.delete(client);
        if (set.size === 0 && byUser.get(client.userId) === set) byUser.delete(client.userId);
      };
    },
    openFor(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    get size() {
      let open = 0;
      for (const set of byUser.values()) open += set.size;
      return open;
    },
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const set of byUser.values()) for (const client of set) client.end();
      byUser.clear();
    },
  };
}
