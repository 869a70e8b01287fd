import { describe, expect, it } from 'vitest';
import { registerApplication, userHolding } from '../../../../../test/factories/applications.ts';
import { adminHeaders, auditOf, useAdminApp } from '../../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const MISSING = '00000000-0000-4000-8000-000000000000';
const apisOf = (applicationId: string) => `/v4/applications/${applicationId}/external-apis`;
const pets = { method: 'GET', path: '/pets/{petId}', summary: 'One pet', tags: ['pets'], parameters: [{ name: 'petId', in: 'path' }] };

/** An application handed to a new user without any point: its owner. */
async function ownedApplication() {
  const owner = await userHolding(t, []);
  const app = await registerApplication(api);
  await api.patch(`/applications/${app.id}/owner`, { ownerId: owner.user.id });
  return { app, owner };
}

const document = (paths: Record<string, unknown>) => ({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths });

describe("an application's external APIs", () => {
  it('are declared, read, edited and removed by the owner, one per method and path', async () => {
    const { app, owner } = await ownedApplication();
    const created = await owner.api.post(apisOf(app.id), pets);
    expect(created.statusCode).toBe(200);
    const apiRow = created.json();
    expect(apiRow).toMatchObject({ ...pets, applicationId: app.id, description: null, responses: {} });
    expect((await owner.api.get(apisOf(app.id))).json()).toEqual([apiRow]);
    expect((await owner.api.get(`${apisOf(app.id)}/${apiRow.id}`)).json()).toEqual(apiRow);

    const taken = await owner.api.post(apisOf(app.id), { method: 'GET', path: '/pets/{petId}' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual({ field: 'path' });
    // Another method on the same path is another API.
    expect((await owner.api.post(apisOf(app.id), { method: 'DELETE', path: '/pets/{petId}' })).statusCode).toBe(200);

    const edited = await owner.api.put(`${apisOf(app.id)}/${apiRow.id}`, { method: 'GET', path: '/pets/{id}', summary: 'Renamed' });
    expect(edited.json()).toMatchObject({ path: '/pets/{id}', summary: 'Renamed', tags: [], parameters: [] });
    expect((await owner.api.delete(`${apisOf(app.id)}/${apiRow.id}`)).json()).toEqual({ ok: true });
    expect((await owner.api.get(`${apisOf(app.id)}/${apiRow.id}`)).statusCode).toBe(404);
    expect((await auditOf(t, 'applications.apis.update', app.id))[0]?.before).toMatchObject({ path: '/pets/{petId}' });
    expect(await auditOf(t, 'applications.apis.delete', app.id)).toHaveLength(1);
  });

  it('refuse bad input naming the field, paths that climb or hide segments included, and change nothing', async () => {
    const app = await registerApplication(api);
    const bad = [
      { method: 'TRACE', path: '/x' },
      { method: 'GET', path: 'no-slash' },
      { method: 'GET', path: '/a/../b' },
      { method: 'GET', path: '/a/..' },
      { method: 'GET', path: '/./a' },
      { method: 'GET', path: '/a//b' },
      { method: 'GET', path: '/a/%2e%2e/b' },
      { method: 'GET', path: '/a/%2F' },
      { method: 'GET', path: '/a b' },
      { method: 'GET', path: '/{unclosed' },
      { method: 'GET', path: `/${'a'.repeat(600)}` },
      { method: 'GET', path: '/x', tags: ['t'.repeat(65)] },
      { method: 'GET', path: '/x', unknown: 1 },
      { path: '/x' },
    ];
    for (const body of bad) {
      const answer = await api.post(apisOf(app.id), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post(apisOf(app.id), { path: '/x' })).json().message).toMatch(/method/);
    expect((await api.get(apisOf(app.id))).json()).toEqual([]);
    expect((await api.post(apisOf(MISSING), pets)).statusCode).toBe(404);
    expect((await api.get(`${apisOf(app.id)}/${MISSING}`)).statusCode).toBe(404);
    expect((await api.get(`${apisOf(app.id)}/not-a-uuid`)).statusCode).toBe(400);
  });

  it("keep each application's APIs to itself: another application's API id is not found through this one", async () => {
    const first = await registerApplication(api);
    const second = await registerApplication(api);
    const foreign = (await api.post(apisOf(second.id), pets)).json();
    expect((await api.get(`${apisOf(first.id)}/${foreign.id}`)).statusCode).toBe(404);
    expect((await api.put(`${apisOf(first.id)}/${foreign.id}`, pets)).statusCode).toBe(404);
    expect((await api.delete(`${apisOf(first.id)}/${foreign.id}`)).statusCode).toBe(404);
    expect((await api.get(`${apisOf(second.id)}/${foreign.id}`)).statusCode).toBe(200);
  });

  it('are closed to the owner of another application and to a holder of the read point who writes', async () => {
    const { app } = await ownedApplication();
    const other = await ownedApplication();
    const existing = (await api.post(apisOf(app.id), pets)).json();
    for (const call of [
      () => other.owner.api.get(apisOf(app.id)),
      () => other.owner.api.post(apisOf(app.id), { method: 'POST', path: '/x' }),
      () => other.owner.api.put(`${apisOf(app.id)}/${existing.id}`, pets),
      () => other.owner.api.delete(`${apisOf(app.id)}/${existing.id}`),
      () => other.owner.api.post(`${apisOf(app.id)}/openapi`, document({ '/y': { get: {} } })),
      // Without a point, an application that does not exist looks like one of someone else's.
      () => other.owner.api.get(apisOf(MISSING)),
    ]) {
      expect((await call()).statusCode).toBe(403);
    }
    const reader = await userHolding(t, ['applicationManage:application:apisQuery']);
    expect((await reader.api.get(apisOf(app.id))).json()).toEqual([existing]);
    expect((await reader.api.post(apisOf(app.id), { method: 'POST', path: '/x' })).statusCode).toBe(403);
    expect((await reader.api.delete(`${apisOf(app.id)}/${existing.id}`)).statusCode).toBe(403);
    const editor = await userHolding(t, ['applicationManage:application:apisManage']);
    expect((await editor.api.post(apisOf(app.id), { method: 'POST', path: '/x' })).statusCode).toBe(200);
    expect((await editor.api.get(apisOf(MISSING))).statusCode).toBe(404);
    expect((await api.get(apisOf(app.id))).json()).toHaveLength(2);
  });
});

describe('the OpenAPI import', () => {
  it('adds every operation with its parameters and responses, and updates those of the same method and path', async () => {
    const { app, owner } = await ownedApplication();
    await owner.api.post(apisOf(app.id), { method: 'GET', path: '/pets', summary: 'old' });
    const answer = await owner.api.post(
      `${apisOf(app.id)}/openapi`,
      document({
        '/pets': {
          summary: 'not an operation',
          parameters: [{ name: 'tenant', in: 'header' }],
          get: { summary: 'List pets', tags: ['pets'], responses: { '200': { description: 'ok' } } },
          post: { summary: 'Add a pet', parameters: [{ name: 'dryRun', in: 'query' }] },
        },
        '/pets/{petId}': { delete: { description: 'Removes a pet' }, 'x-extension': true },
      }),
    );
    expect(answer.json()).toEqual({ created: 2, updated: 1 });
    const stored = (await owner.api.get(apisOf(app.id))).json();
    expect(stored.map((row: { method: string; path: string }) => `${row.method} ${row.path}`)).toEqual([
      'GET /pets',
      'POST /pets',
      'DELETE /pets/{petId}',
    ]);
    expect(stored[0]).toMatchObject({ summary: 'List pets', tags: ['pets'], responses: { '200': { description: 'ok' } } });
    expect(stored[1].parameters).toEqual([
      { name: 'tenant', in: 'header' },
      { name: 'dryRun', in: 'query' },
    ]);
    expect(stored[2]).toMatchObject({ description: 'Removes a pet', summary: null });
  });

  it('refuses a whole document for one bad operation, naming it, and writes nothing', async () => {
    const app = await registerApplication(api);
    const refused = await api.post(
      `${apisOf(app.id)}/openapi`,
      document({ '/good': { get: {} }, '/bad/../climb': { post: {} }, '/tags': { put: { tags: 'not-a-list' } }, '/t': { trace: {} } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.operations).toEqual([
      expect.objectContaining({ operation: 'POST /bad/../climb', field: 'path' }),
      expect.objectContaining({ operation: 'PUT /tags', field: 'tags' }),
      expect.objectContaining({ operation: 'TRACE /t', field: 'method' }),
    ]);
    expect(refused.json().message).toContain('POST /bad/../climb');
    expect((await api.get(apisOf(app.id))).json()).toEqual([]);
  });

  it('refuses what is not an OpenAPI 3 document, an empty one and an oversized one', async () => {
    const app = await registerApplication(api);
    const url = `${apisOf(app.id)}/openapi`;
    expect((await api.post(url, { swagger: '2.0', paths: { '/x': { get: {} } } })).statusCode).toBe(400);
    expect((await api.post(url, { openapi: '3.0.0' })).json().message).toMatch(/paths/);
    expect((await api.post(url, document({}))).json().details.operations[0]).toMatchObject({ field: 'paths' });
    expect((await api.post(url, document({ '/x': 'text' }))).statusCode).toBe(400);
    const huge = document({ '/x': { get: { description: 'd'.repeat(5 * 1024 * 1024) } } });
    expect((await api.post(url, huge)).statusCode).toBe(413);
    const tooMany = document(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`/p${i}`, { get: {} }])));
    expect((await api.post(url, tooMany)).statusCode).toBe(400);
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/permission${url}`,
      headers: { ...(await adminHeaders(t)), 'content-type': 'application/json' },
      payload: '{"openapi":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await api.get(apisOf(app.id))).json()).toEqual([]);
  });
});
