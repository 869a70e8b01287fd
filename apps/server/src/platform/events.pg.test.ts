import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventBus, type EventBus } from './events.ts';

// Runs with the PostgreSQL suite only (`npm run test:pg`): the embedded database has no other instances.
let pool: pg.Pool;
let here: EventBus;
let there: EventBus;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 4 });
  here = await createPostgresEventBus(pool);
  there = await createPostgresEventBus(pool);
});
afterAll(async () => {
  await here.close();
  await there.close();
  await pool.end();
});

const received = (bus: EventBus, topic: string) => {
  const payloads: string[] = [];
  bus.subscribe(topic, (payload) => payloads.push(payload));
  return payloads;
};

/** Resolves once `payloads` holds `count` entries (the notification travels through PostgreSQL). */
async function arrival(payloads: string[], count: number) {
  while (payloads.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('PostgreSQL event bus', () => {
  it("delivers to the publishing instance's subscribers before publish resolves, and only once", async () => {
    const mine = received(here, 'topic.local');
    const theirs = received(there, 'topic.local');
    await here.publish('topic.local', 'a');
    expect(mine).toEqual(['a']);
    await arrival(theirs, 1);
    // By now the notification has also come back to the sender, which must ignore it.
    await there.publish('topic.local', 'b');
    await arrival(mine, 2);
    expect(mine).toEqual(['a', 'b']);
    expect(theirs).toEqual(['a', 'b']);
  });

  it('reaches every other instance, in order', async () => {
    const theirs = received(there, 'topic.order');
    for (const payload of ['1', '2', '3']) await here.publish('topic.order', payload);
    await arrival(theirs, 3);
    expect(theirs).toEqual(['1', '2', '3']);
  });
});
