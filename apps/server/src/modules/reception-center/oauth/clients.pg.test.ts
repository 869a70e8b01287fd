import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tokenRequest, type TestApp } from '../../../../test/app.ts';
import { clientsOf, registerApplication } from '../../../../test/factories/applications.ts';
import { adminToken, apiAs } from '../../../../test/factories/identity.ts';
import { secondInstance } from '../../../../test/second-instance.ts';

// Runs with the PostgreSQL suite only: two instances of the server on one database, as two processes.
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

/** Polls instance `t`'s token endpoint until it answers `status`; answers the milliseconds it took. */
async function timeUntil(t: TestApp, fields: Record<string, string>, status: number, since: number): Promise<number> {
  while ((await tokenRequest(t, fields)).statusCode !== status) {
    if (performance.now() - since > 5000) throw new Error(`still not ${status} after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - since;
}

describe("an application's clients on two instances of one PostgreSQL database", () => {
  it('a disabled application, its re-enabling and a rotated secret are in force on the other instance within a second', async () => {
    const api = apiAs(a, await adminToken(a));
    const application = await registerApplication(api);
    const registered = (await api.post(clientsOf(application.id), { kind: 'machine' })).json();
    const grant = { grant_type: 'client_credentials', client_id: registered.client.clientId, client_secret: registered.clientSecret };
    // Instance b has read (and keeps) the client and the application's state.
    expect((await tokenRequest(b, grant)).statusCode).toBe(200);

    let since = performance.now();
    expect((await api.patch(`/applications/${application.id}/state`, { state: 'disabled' })).statusCode).toBe(200);
    expect(await timeUntil(b, grant, 401, since)).toBeLessThan(1000);

    since = performance.now();
    expect((await api.patch(`/applications/${application.id}/state`, { state: 'enabled' })).statusCode).toBe(200);
    expect(await timeUntil(b, grant, 200, since)).toBeLessThan(1000);

    since = performance.now();
    const rotated = await api.post(`${clientsOf(application.id)}/${registered.client.clientId}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(await timeUntil(b, grant, 401, since)).toBeLessThan(1000);
    expect((await tokenRequest(b, { ...grant, client_secret: rotated.json().clientSecret })).statusCode).toBe(200);
  });
});
