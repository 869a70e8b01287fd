import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { transaction, type Tx } from './transaction.ts';

/**
 * Who makes the changes of a transaction, as the database's containment triggers read it
 * (drizzle/0009_grant_containment.sql): a user id, or the system itself (first-start seeding,
 * registration under the administrators' settings, expiring data), whose changes are not checked.
 */
export type ChangeActor = { userId: string } | 'system';

/** Declares the actor for the rest of the transaction (`set_config(…, true)` ends with it). */
export async function declareActor(tx: Db, actor: ChangeActor): Promise<void> {
  const value = actor === 'system' ? 'system' : actor.userId;
  await tx.execute(sql`select set_config('portal.actor', ${value}, true)`);
}

/** A transaction of the system's own: seeding, registration, the sign-in flows' own bookkeeping. */
export function asSystem<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await declareActor(tx, 'system');
    return change(tx);
  });
}
