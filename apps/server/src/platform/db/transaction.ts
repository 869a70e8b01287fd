import type { EventBus } from '../events.ts';
import type { Db } from './client.ts';

/** A transaction that also collects the events its change causes, published once it has committed. */
export type Tx = Db & {
  /** Publishes `topic` after the commit (once per topic and payload): caches and live pushes subscribe. */
  afterCommit(topic: string, payload?: string): void;
};

/**
 * The event bus each database publishes its commits' events on, bound once at start-up (app.ts), so a
 * transaction anywhere reaches it without every caller passing the bus along.
 */
const busOf = new WeakMap<Db, EventBus>();

export function publishCommitsOn(db: Db, events: EventBus): void {
  busOf.set(db, events);
}

/** A transaction whose `afterCommit` events go out after it commits; none go out when it rolls back. */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const pending = new Map<string, [string, string]>();
  const afterCommit = (topic: string, payload = '') => void pending.set(`${topic}\u0000${payload}`, [topic, payload]);
  const result = await db.transaction((raw) => work(Object.assign(raw as Db, { afterCommit })));
  const bus = busOf.get(db);
  if (pending.size > 0 && !bus) throw new Error('transaction events need publishCommitsOn(db, events) at start-up');
  for (const [topic, payload] of pending.values()) await bus?.publish(topic, payload);
  return result;
}
