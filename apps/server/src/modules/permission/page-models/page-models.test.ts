import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../../platform/db/client.ts';
import { registerApplication } from '../../../../test/factories/applications.ts';
import { apiAs, auditOf, makeRole, makeUser, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const modelsRows = async () =>
  JSON.stringify(
    await rawRows(
      t.database.db,
      sql`select (select coalesce(json_agg(m order by m.id), '[]') from page_models m) as models,
                 (select coalesce(json_agg(v order by v.page_model_id, v.version), '[]') from page_model_versions v) as versions`,
    ),
  );

const definition = (title: string) => ({ type: 'page', title, blocks: [{ type: 'table', columns: ['a', 'b'] }] });

async function createModel(input: Record<string, unknown>) {
  const response = await api.post('/v4/page-models', input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('page models', () => {
  it('stores a model as version 1, each save a new version, reads any version, deletes it', async () => {
    const app = await registerApplication(api);
    const created = await createModel({ name: 'Orders', applicationId: app.id, description: 'All orders', definition: definition('v1') });
    expect(created).toMatchObject({
      name: 'Orders',
      applicationId: app.id,
      applicationName: app.name,
      currentVersion: 1,
      definition: definition('v1'),
      versions: [{ version: 1, createdBy: 'Administrator' }],
    });

    const saved = (
      await api.put(`/v4/page-models/${created.id}`, { name: 'Orders', applicationId: app.id, definition: definition('v2') })
    ).json();
    expect(saved).toMatchObject({ currentVersion: 2, definition: definition('v2'), description: 'All orders' });
    expect(saved.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const third = (
      await api.put(`/v4/page-models/${created.id}`, { name: 'Orders 3', applicationId: app.id, definition: definition('v3') })
    ).json();
    expect(third).toMatchObject({ name: 'Orders 3', currentVersion: 3 });
    expect((await api.get(`/v4/page-models/${created.id}`)).json()).toEqual(third);

    const first = (await api.get(`/v4/page-models/${created.id}/versions/1`)).json();
    expect(first).toMatchObject({ pageModelId: created.id, version: 1, definition: definition('v1') });
    expect((await api.get(`/v4/page-models/${created.id}/versions/9`)).statusCode).toBe(404);
    // Old versions are kept as they were: no call edits one.
    expect((await api.put(`/v4/page-models/${created.id}/versions/1`, { definition: {} })).statusCode).toBe(404);

    expect((await auditOf(t, 'page-models.update', created.id)).length).toBe(2);
    expect((await api.delete(`/v4/page-models/${created.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/v4/page-models/${created.id}`)).statusCode).toBe(404);
    expect((await api.get(`/v4/page-models/${created.id}/versions/1`)).statusCode).toBe(404);
    expect((await api.delete(`/v4/page-models/${created.id}`)).statusCode).toBe(404);
  });

  it('pages the list, searched by name and filtered by application', async () => {
    const [a, b] = [await registerApplication(api), await registerApplication(api)];
    for (const name of ['List one', 'List two', 'List three']) await createModel({ name, applicationId: a.id, definition: {} });
    await createModel({ name: 'List one', applicationId: b.id, definition: {} });
    const ofA = (await api.get(`/v4/page-models?applicationId=${a.id}&size=2&sort=name&order=ascend`)).json();
    expect(ofA).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(ofA.list.map((m: { name: string }) => m.name)).toEqual(['List one', 'List three']);
    const second = (await api.get(`/v4/page-models?applicationId=${a.id}&size=2&page=2&sort=name&order=ascend`)).json();
    expect(second.list.map((m: { name: string }) => m.name)).toEqual(['List two']);
    const searched = (await api.get('/v4/page-models?keyword=LIST%20ONE&size=100')).json();
    expect(searched.list.map((m: { applicationId: string }) => m.applicationId).sort()).toEqual([a.id, b.id].sort());
  });

  it('keeps a name unique within its application and refuses bad input naming the field, changing nothing', async () => {
    const app = await registerApplication(api);
    const model = await createModel({ name: 'Unique', applicationId: app.id, definition: {} });
    const other = await createModel({ name: 'Other', applicationId: app.id, definition: {} });
    const before = await modelsRows();

    const taken = await api.post('/v4/page-models', { name: 'Unique', applicationId: app.id, definition: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
    const renamed = await api.put(`/v4/page-models/${other.id}`, { name: 'Unique', applicationId: app.id, definition: { x: 1 } });
    expect(renamed.statusCode).toBe(409);

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ name: '', applicationId: app.id, definition: {} }, /name/],
      [{ name: 'x'.repeat(101), applicationId: app.id, definition: {} }, /name/],
      [{ name: 'No app', applicationId: 'nope', definition: {} }, /applicationId/],
      [{ name: 'No definition', applicationId: app.id }, /definition/],
      [{ name: 'Array definition', applicationId: app.id, definition: [1, 2] }, /definition/],
      [{ name: 'Text definition', applicationId: app.id, definition: 'page' }, /definition/],
    ];
    for (const [body, field] of bad) {
      const refused = await api.post('/v4/page-models', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toMatch(field);
    }
    const missingApp = await api.post('/v4/page-models', { name: 'Ghost', applicationId: randomUUID(), definition: {} });
    expect(missingApp.statusCode).toBe(404);
    expect(missingApp.json().details).toEqual({ field: 'applicationId' });
    const huge = await api.put(`/v4/page-models/${model.id}`, {
      name: 'Unique',
      applicationId: app.id,
      definition: { text: 'x'.repeat(600_000) },
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect((await api.get('/v4/page-models/not-a-uuid')).statusCode).toBe(400);
    expect((await api.get(`/v4/page-models/${model.id}/versions/0`)).statusCode).toBe(400);
    expect((await api.get('/v4/page-models?applicationId=nope')).statusCode).toBe(400);
    expect(await modelsRows()).toBe(before);
  });

  it('lets a holder of the query point only read: writes answer 403 and change nothing', async () => {
    const app = await registerApplication(api);
    const model = await createModel({ name: 'Guarded', applicationId: app.id, definition: { a: 1 } });
    const reader = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:page-models:query'] })).id] });
    const readerApi = apiAs(t, await tokenOf(t, reader));
    expect((await readerApi.get(`/v4/page-models/${model.id}`)).statusCode).toBe(200);
    expect((await readerApi.get(`/v4/page-models/${model.id}/versions/1`)).statusCode).toBe(200);
    const before = await modelsRows();
    expect((await readerApi.post('/v4/page-models', { name: 'Sneaky', applicationId: app.id, definition: {} })).statusCode).toBe(403);
    expect(
      (await readerApi.put(`/v4/page-models/${model.id}`, { name: 'Guarded', applicationId: app.id, definition: { b: 2 } })).statusCode,
    ).toBe(403);
    expect((await readerApi.delete(`/v4/page-models/${model.id}`)).statusCode).toBe(403);
    expect(await modelsRows()).toBe(before);

    const updater = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['applicationManage:page-models:update'] })).id] });
    const updaterApi = apiAs(t, await tokenOf(t, updater));
    const saved = await updaterApi.put(`/v4/page-models/${model.id}`, { name: 'Guarded', applicationId: app.id, definition: { b: 2 } });
    expect(saved.json()).toMatchObject({ currentVersion: 2 });
    expect((await updaterApi.delete(`/v4/page-models/${model.id}`)).statusCode).toBe(403);
  });
});
