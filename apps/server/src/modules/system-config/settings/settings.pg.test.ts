import { DEFAULT_SETTINGS, type OpenSystemConfig } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../../../test/app.ts';
import { adminToken } from '../../../../test/factories/identity.ts';
import { secondInstance } from '../../../../test/second-instance.ts';

// Runs with the PostgreSQL suite only (`npm run test:pg`): two instances of the server on one database.
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await buildTestApp();
  b = await secondInstance(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const publicName = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/api/system-config/open/agg/system/portal/config' })).json<OpenSystemConfig>().systemName;

/** Polls until `read` answers `expected`; answers the milliseconds it took. */
async function timeUntil(read: () => Promise<unknown>, expected: unknown, since: number): Promise<number> {
  while ((await read()) !== expected) {
    if (performance.now() - since > 5000) throw new Error(`still not ${String(expected)} after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - since;
}

describe('settings on two instances of one PostgreSQL database', () => {
  it('a change saved through one is in force on the other within a second, in its public configuration and its api', async () => {
    // Both instances have read (and keep) the current settings before the change.
    expect(await publicName(b)).toBe(await publicName(a));
    expect((await b.app.modules.systemConfig.settings.base()).systemName).toBeNull();

    const headers = bearer(await adminToken(a));
    const started = performance.now();
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/system-config/base/portal',
      headers,
      payload: { ...DEFAULT_SETTINGS.base, systemName: 'Seen Everywhere' },
    });
    expect(saved.statusCode).toBe(200);
    const viaPublic = await timeUntil(() => publicName(b), 'Seen Everywhere', started);
    const viaApi = await timeUntil(async () => (await b.app.modules.systemConfig.settings.base()).systemName, 'Seen Everywhere', started);
    expect(viaPublic).toBeLessThan(1000);
    expect(viaApi).toBeLessThan(1000);
  });
});
