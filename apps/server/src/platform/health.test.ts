import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close().catch(() => undefined));

describe('GET /api/health', () => {
  it('answers 200 while the database answers, 503 once it does not', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'up' });

    // The event bus holds a connection of the pool; both go, as in a database outage.
    await t.events.close();
    await t.database.close();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
