import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEventBus } from '../events.ts';
import { fromPglite, type Database } from './client.ts';
import { publishCommitsOn, transaction } from './transaction.ts';

const events = createLocalEventBus();
let database: Database;
// Started in a hook, not at import: starting PGlite is slow on a loaded machine, and no test's time should carry it.
beforeAll(async () => {
  const pglite = new PGlite();
  await pglite.waitReady;
  database = await fromPglite(pglite);
  publishCommitsOn(database.db, events);
});
afterAll(() => database.close());

function heard(topic: string): string[] {
  const payloads: string[] = [];
  events.subscribe(topic, (payload) => payloads.push(payload));
  return payloads;
}

describe('a transaction with events after its commit', () => {
  it('publishes each event once, only after the commit', async () => {
    const payloads = heard('things.changed');
    await transaction(database.db, async (tx) => {
      tx.afterCommit('things.changed', 'a');
      tx.afterCommit('things.changed', 'a');
      tx.afterCommit('things.changed', 'b');
      await tx.execute(sql`select 1`);
      expect(payloads).toEqual([]);
    });
    expect(payloads).toEqual(['a', 'b']);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const payloads = heard('rolled.back');
    await expect(
      transaction(database.db, async (tx) => {
        tx.afterCommit('rolled.back');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(payloads).toEqual([]);
  });
});
