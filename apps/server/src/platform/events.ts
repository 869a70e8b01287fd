import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * Cross-instance events (cache invalidation, realtime pushes). PostgreSQL LISTEN/NOTIFY when the
 * server runs on PostgreSQL; an in-process emitter for the embedded database, behind one interface.
 */
export interface EventBus {
  publish(topic: string, payload: string): Promise<void>;
  subscribe(topic: string, handler: (payload: string) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'portal_events';

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (topic, payload) => void emitter.emit(topic, payload),
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

interface Notification {
  origin: string;
  topic: string;
  payload: string;
}

/**
 * Delivers an event to this instance's subscribers before `publish` resolves (so the instance that
 * made a change sees it at once, e.g. a revoked token is refused by the next request) and to every
 * other instance through the notification; an instance skips the notifications it sent itself.
 */
export async function createPostgresEventBus(pool: pg.Pool): Promise<EventBus> {
  const local = createLocalEventBus();
  const origin = randomUUID();
  const listener = await pool.connect();
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    const { origin: sender, topic, payload } = JSON.parse(message.payload) as Notification;
    if (sender !== origin) void local.publish(topic, payload);
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(topic, payload) {
      await local.publish(topic, payload);
      const notification: Notification = { origin, topic, payload };
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(notification)]);
    },
    subscribe: local.subscribe,
    async close() {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
      await local.close();
    },
  };
}
