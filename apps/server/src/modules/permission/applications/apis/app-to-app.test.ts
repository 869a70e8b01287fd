/**
 * Application B calls an API of application A with a client-credentials token. A's backend is a real
 * HTTP server on loopback (outside the portal, as an application's backend is) that accepts a call
 * only when the portal's introspection, asked with A's own client, lists that API for the token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApplication } from '../../../../../test/factories/applications.ts';
import { useAdminApp } from '../../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

interface Credentials {
  clientId: string;
  clientSecret: string;
}

const form = (credentials: Credentials, fields: Record<string, string>) => ({
  method: 'POST' as const,
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
  },
  payload: new URLSearchParams(fields).toString(),
});

async function machineClientOf(applicationId: string): Promise<Credentials> {
  const registered = await api.post(`/v4/applications/${applicationId}/clients`, { kind: 'machine' });
  expect(registered.statusCode, registered.body).toBe(200);
  return { clientId: registered.json().client.clientId, clientSecret: registered.json().clientSecret };
}

async function tokenFor(credentials: Credentials): Promise<string> {
  const issued = await t.app.inject({
    url: '/api/reception-center/oauth/token',
    ...form(credentials, { grant_type: 'client_credentials' }),
  });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().access_token;
}

/** A's backend: serves GET /orders and GET /invoices, each only to a token introspection authorises for it. */
function startBackend(own: Credentials): Promise<Server> {
  const server = createServer(async (request, response) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const introspected = await t.app.inject({ url: '/api/reception-center/oauth/introspect', ...form(own, { token }) });
    const report = introspected.json() as { active: boolean; authorized_apis?: { method: string; path: string }[] };
    const path = new URL(request.url ?? '/', 'http://backend').pathname;
    const allowed = report.active && (report.authorized_apis ?? []).some((api) => api.method === request.method && api.path === path);
    response.writeHead(allowed ? 200 : 403, { 'content-type': 'application/json' });
    response.end(JSON.stringify(allowed ? { served: path } : { error: 'not authorised' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let backend: Server;
let applicationA: { id: string };
let exposed: Record<'orders' | 'invoices', { id: string }>;
let callerB: Credentials & { applicationId: string };

beforeAll(async () => {
  applicationA = await registerApplication(api);
  exposed = {
    orders: (await api.post(`/v4/applications/${applicationA.id}/external-apis`, { method: 'GET', path: '/orders' })).json(),
    invoices: (await api.post(`/v4/applications/${applicationA.id}/external-apis`, { method: 'GET', path: '/invoices' })).json(),
  };
  backend = await startBackend(await machineClientOf(applicationA.id));
  const applicationB = await registerApplication(api);
  callerB = { ...(await machineClientOf(applicationB.id)), applicationId: applicationB.id };
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

const call = async (path: string, token: string) => {
  const { port } = backend.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
};

describe("an application calling another's API with a client-credentials token", () => {
  it('is served while it holds an unexpired authorisation for that API, and refused without one or once it expired', async () => {
    const token = await tokenFor(callerB);
    expect(await call('/orders', token)).toBe(403);

    const granted = await api.post(`/v4/applications/${applicationA.id}/apis-authorization`, {
      apiId: exposed.orders.id,
      callerApplicationId: callerB.applicationId,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    // The same token: the authorisation is read when the call is checked, not when the token was issued.
    expect(await call('/orders', token)).toBe(200);
    expect(await call('/invoices', token)).toBe(403);
    // Switched off, the caller calls nothing; switched on again, its authorisation counts again.
    const setState = (state: string) => api.patch(`/applications/${callerB.applicationId}/state`, { state });
    expect((await setState('disabled')).statusCode).toBe(200);
    expect(await call('/orders', token)).toBe(403);
    expect((await setState('enabled')).statusCode).toBe(200);
    expect(await call('/orders', token)).toBe(200);

    await t.database.db.execute(
      sql`update application_api_authorizations set expires_at = now() - interval '1 second' where id = ${granted.json().id}`,
    );
    expect(await call('/orders', token)).toBe(403);
    expect(await call('/orders', 'not-a-token')).toBe(403);
  });
});
