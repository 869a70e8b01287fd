import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import type { EventBus } from '../events.ts';

/** The event bus topic the jobs table's insert trigger announces (migration 0010_jobs.sql). */
export const JOBS_DUE_TOPIC = 'jobs.due';
const BUS_CHANNEL = 'portal_events';
/** What the trigger sends: the event bus's notification shape, from no instance in particular. */
const DUE_NOTIFICATION = JSON.stringify({ origin: 'database', topic: JOBS_DUE_TOPIC, payload: '' });

/**
 * Calls `wake` whenever a transaction that enqueued jobs commits. On PostgreSQL the trigger's
 * NOTIFY reaches every instance through the event bus; the embedded database has one process
 * and no bus connection, so its own notifications are listened to directly.
 */
export async function onJobsDue(database: Database, events: EventBus, wake: () => void): Promise<() => Promise<void>> {
  const unsubscribe = events.subscribe(JOBS_DUE_TOPIC, wake);
  const unlisten = database.pglite
    ? await database.pglite.listen(BUS_CHANNEL, (payload) => payload === DUE_NOTIFICATION && wake())
    : undefined;
  return async () => {
    unsubscribe();
    await unlisten?.();
  };
}

/** Wakes the runners from a transaction that made jobs due without inserting them (an operator's retry). */
export async function announceJobsDue(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${BUS_CHANNEL}, ${DUE_NOTIFICATION})`);
}
