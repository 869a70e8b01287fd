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

export async function createPostgresEventBus(pool: pg.Pool): Promise<EventBus> {
  const local = createLocalEventBus();
  const listener = await pool.connect();
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    const { topic, payload } = JSON.parse(message.payload) as { topic: string; payload: string };
    void local.publish(topic, payload);
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    // Delivered to this instance too, through the notification, like every other instance.
    publish: async (topic, payload) => void (await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })])),
    subscribe: local.subscribe,
    async close() {
      await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      listener.release();
      await local.close();
    },
  };
}
