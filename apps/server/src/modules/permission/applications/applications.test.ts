import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, menus } from '../tables.ts';
import { newInstant, registerApplication, registrySnapshot } from '../../../../test/factories/applications.ts';
import { bearer } from '../../../../test/app.ts';
import { adminId, adminToken, auditOf, makeRole, makeUser, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const menuRow = async (id: string) => (await t.database.db.select().from(menus).where(eq(menus.id, id)))[0];
const head = (instant: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'HEAD', url: `/api/permission/v4/applications/instant/${instant}`, headers });

describe('the application registry', () => {
  it('registers an application with its root menu node, owned by the caller, and reads, edits and deletes it', async () => {
    const instant = newInstant('crm');
    const created = await api.post('/v4/applications', {
      instant,
      name: 'CRM',
      type: 'WebThird',
      appUrl: 'https://crm.example.com/home?x=1',
      openType: 'NewTab',
      category: ['Office', 'Sales'],
      description: 'Customers',
    });
    expect(created.statusCode).toBe(200);
    const app = created.json();
    expect(app).toMatchObject({ instant, name: 'CRM', type: 'WebThird', openType: 'NewTab', state: 'enabled', pathname: null });
    expect(app).toMatchObject({ category: ['Office', 'Sales'], ownerId: await adminId(t), ownerName: 'Administrator' });
    expect(await menuRow(app.menuId)).toMatchObject({
      name: instant,
      title: 'CRM',
      type: 'path',
      resource: instant,
      applicationId: app.id,
    });
    expect((await api.get(`/applications/${app.id}`)).json()).toEqual(app);

    const edited = await api.put(`/applications/${app.id}`, {
      instant,
      name: 'Customer desk',
      type: 'WebThird',
      appUrl: 'https://crm.example.com',
    });
    expect(edited.json()).toMatchObject({
      name: 'Customer desk',
      appUrl: 'https://crm.example.com',
      openType: 'NewTab',
      description: 'Customers',
    });
    expect((await menuRow(app.menuId))?.title).toBe('Customer desk');

    // Nodes added to the application's tree through the menu editor belong to it and go with it.
    const page = (await api.post('/menus', { parentId: app.menuId, name: 'deals', title: 'Deals', type: 'path' })).json();
    expect((await menuRow(page.id))?.applicationId).toBe(app.id);
    const role = await makeRole(t, { resources: [instant] });
    expect((await api.delete(`/applications/${app.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/applications/${app.id}`)).statusCode).toBe(404);
    expect(await menuRow(app.menuId)).toBeUndefined();
    expect(await menuRow(page.id)).toBeUndefined();
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toEqual([]);

    expect((await auditOf(t, 'applications.create'))[0]).toMatchObject({ targetId: app.id, targetType: 'application' });
    expect((await auditOf(t, 'applications.update'))[0]).toMatchObject({ before: { name: 'CRM' }, after: { name: 'Customer desk' } });
    expect((await auditOf(t, 'applications.delete'))[0]?.before).toMatchObject({ instant, subtree: [instant, `${instant}:deals`] });
  });

  it('fills the fields a type needs: a route for Web and path, an address for WebThird and MicroWeb', async () => {
    const instant = newInstant('route');
    expect(await registerApplication(api, { instant, type: 'path' })).toMatchObject({
      pathname: `/${instant}`,
      appUrl: null,
      openType: 'Current',
    });
    expect(await registerApplication(api, { type: 'Web', pathname: '/reports/daily' })).toMatchObject({ pathname: '/reports/daily' });
    expect(await registerApplication(api, { type: 'WebStudio' })).toMatchObject({ pathname: null, appUrl: null });
    const before = await registrySnapshot(t);
    for (const type of ['WebThird', 'MicroWeb']) {
      const refused = await api.post('/v4/applications', { instant: newInstant(), name: 'No address', type });
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json()).toMatchObject({ details: { field: 'appUrl' } });
    }
    expect(await registrySnapshot(t)).toBe(before);
  });

  it('pages applications by keyword over instant and name, type and state', async () => {
    const tag = newInstant('pg');
    const web = await registerApplication(api, { instant: `${tag}Web`, name: 'Alpha', type: 'Web' });
    const studio = await registerApplication(api, { instant: `${tag}Studio`, name: 'Beta', type: 'WebStudio' });
    await api.patch(`/applications/${studio.id}/state`, { state: 'disabled' });
    const byInstant = (await api.get(`/v4/applications?keyword=${tag}`)).json();
    expect(byInstant).toMatchObject({ total: 2, page: 1, size: 20 });
    expect((await api.get(`/v4/applications?keyword=${tag}&type=Web`)).json().list.map((a: { id: string }) => a.id)).toEqual([web.id]);
    expect((await api.get(`/v4/applications?keyword=${tag}&state=disabled`)).json().list.map((a: { id: string }) => a.id)).toEqual([
      studio.id,
    ]);
    expect((await api.get('/v4/applications?keyword=Alpha&size=100')).json().list.map((a: { id: string }) => a.id)).toContain(web.id);
    const internal = (await api.get('/v4/applications?type=path&size=100')).json().list.map((a: { instant: string }) => a.instant);
    expect(internal).toEqual(expect.arrayContaining(['systemManage', 'personalCenter', 'dataShoppingCart', 'msgCenter']));
    expect((await api.get('/v4/applications?keyword=%25')).json().total).toBe(0);
    const sorted = (await api.get(`/v4/applications?keyword=${tag}&sort=name&order=descend`)).json().list;
    expect(sorted.map((a: { name: string }) => a.name)).toEqual(['Beta', 'Alpha']);
  });

  it('tells whether an instant is taken: by an application, a menu resource, or the portal itself', async () => {
    const app = await registerApplication(api);
    const token = await adminToken(t);
    const check = (instant: string) => head(instant, bearer(token));
    expect((await check(app.instant)).statusCode).toBe(200);
    expect((await check('OSS')).statusCode).toBe(200);
    expect((await check('systemManage')).statusCode).toBe(200);
    expect((await check('Login')).statusCode).toBe(200);
    expect((await check(newInstant('free'))).statusCode).toBe(404);
    expect((await check('1bad')).statusCode).toBe(400);
    expect((await head(app.instant)).statusCode).toBe(401);
  });

  it('refuses a taken instant and bad input with 4xx and changes nothing', async () => {
    const app = await registerApplication(api);
    const before = await registrySnapshot(t);
    for (const instant of [app.instant, 'OSS', 'personalCenter', 'studio', 'API']) {
      const taken = await api.post('/v4/applications', { instant, name: 'Dup', type: 'Web' });
      expect(taken.statusCode, instant).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'instant' } });
    }
    for (const body of [
      {},
      { instant: newInstant(), type: 'Web' },
      { instant: 'a', name: 'x', type: 'Web' },
      { instant: 'has:colon', name: 'x', type: 'Web' },
      { instant: newInstant(), name: ' ', type: 'Web' },
      { instant: newInstant(), name: 'x', type: 'Desktop' },
      { instant: newInstant(), name: 'x', type: 'Web', pathname: 'no-slash' },
      { instant: newInstant(), name: 'x', type: 'WebThird', appUrl: 'javascript:alert(1)' },
      { instant: newInstant(), name: 'x', type: 'Web', openType: 'Popup' },
      { instant: newInstant(), name: 'x', type: 'Web', category: ['a', 'a'] },
    ]) {
      expect((await api.post('/v4/applications', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await registerApplication(api);
    const afterOther = await registrySnapshot(t);
    expect((await api.put(`/applications/${app.id}`, { instant: other.instant, name: 'x', type: 'Web' })).statusCode).toBe(409);
    expect((await api.put(`/applications/${app.id}`, { instant: app.instant, name: '', type: 'Web' })).statusCode).toBe(400);
    expect((await api.patch(`/applications/${app.id}/state`, { state: 'paused' })).statusCode).toBe(400);
    expect((await api.patch(`/applications/${app.id}/owner`, { ownerId: randomUUID() })).json()).toMatchObject({
      details: { field: 'ownerId' },
    });
    expect((await api.patch(`/applications/${app.id}/owner`, { ownerId: 'nobody' })).statusCode).toBe(400);
    const missing = randomUUID();
    for (const [method, path, body] of [
      ['get', `/applications/${missing}`, undefined],
      ['put', `/applications/${missing}`, { instant: newInstant(), name: 'x', type: 'Web' }],
      ['delete', `/applications/${missing}`, undefined],
      ['patch', `/applications/${missing}/state`, { state: 'disabled' }],
      ['patch', `/applications/${missing}/owner`, { ownerId: await adminId(t) }],
    ] as const) {
      expect((await api[method](path, body as never)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await api.get('/applications/not-a-uuid')).statusCode).toBe(400);
    expect((await api.get('/v4/applications?state=maybe')).statusCode).toBe(400);
    expect(await registrySnapshot(t)).toBe(afterOther);
    expect(afterOther).not.toBe(before);
  });

  it('renames the menu resources with the instant, keeping the grants', async () => {
    const app = await registerApplication(api);
    const page = (await api.post('/menus', { parentId: app.menuId, name: 'list', title: 'List', type: 'path' })).json();
    const role = await makeRole(t, { resources: [`${app.instant}:list`] });
    const renamed = newInstant('renamed');
    expect((await api.put(`/applications/${app.id}`, { instant: renamed, name: app.name, type: 'Web' })).json()).toMatchObject({
      instant: renamed,
    });
    expect((await menuRow(app.menuId))?.resource).toBe(renamed);
    expect((await menuRow(page.id))?.resource).toBe(`${renamed}:list`);
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toEqual([page.id]);
  });

  it('keeps the internal applications: no delete, no disable, no new instant', async () => {
    const list = (await api.get('/v4/applications?type=path&size=100')).json().list as { id: string; instant: string }[];
    const systemManage = list.find((a) => a.instant === 'systemManage');
    if (!systemManage) throw new Error('systemManage is not seeded');
    const before = await registrySnapshot(t);
    expect((await api.delete(`/applications/${systemManage.id}`)).statusCode).toBe(409);
    expect((await api.patch(`/applications/${systemManage.id}/state`, { state: 'disabled' })).statusCode).toBe(409);
    expect((await api.put(`/applications/${systemManage.id}`, { instant: 'sysAdmin', name: 'System', type: 'path' })).statusCode).toBe(409);
    expect(await registrySnapshot(t)).toBe(before);
    expect((await api.patch(`/applications/${systemManage.id}/state`, { state: 'enabled' })).statusCode).toBe(200);
  });

  it('disables, enables and hands over an application, with audit entries', async () => {
    const app = await registerApplication(api);
    const newOwner = await makeUser(t);
    expect((await api.patch(`/applications/${app.id}/state`, { state: 'disabled' })).json()).toMatchObject({ state: 'disabled' });
    expect((await api.patch(`/applications/${app.id}/state`, { state: 'enabled' })).json()).toMatchObject({ state: 'enabled' });
    const handed = (await api.patch(`/applications/${app.id}/owner`, { ownerId: newOwner.id })).json();
    expect(handed).toMatchObject({ ownerId: newOwner.id, ownerName: newOwner.name });
    const states = await auditOf(t, 'applications.state');
    expect(states.filter((entry) => entry.targetId === app.id).map((entry) => entry.after)).toEqual([
      { state: 'enabled' },
      { state: 'disabled' },
    ]);
    expect((await auditOf(t, 'applications.owner'))[0]).toMatchObject({ targetId: app.id, after: { ownerId: newOwner.id } });
  });

  it('writes nothing when a step of the registration fails', async () => {
    const db = t.database.db;
    // Make each step fail in turn for one instant: the root node's insert, then linking it to the application.
    await db.execute(sql`alter table menus add constraint test_no_doomed_root check (name <> 'doomedRoot')`);
    await db.execute(sql`alter table menus add constraint test_no_doomed_link check (name <> 'doomedLink' or application_id is null)`);
    try {
      const before = await registrySnapshot(t);
      for (const instant of ['doomedRoot', 'doomedLink']) {
        const response = await api.post('/v4/applications', { instant, name: 'Doomed', type: 'Web' });
        expect(response.statusCode, instant).toBe(500);
        expect(await db.select().from(applications).where(eq(applications.instant, instant))).toEqual([]);
      }
      expect(await registrySnapshot(t)).toBe(before);
    } finally {
      await db.execute(sql`alter table menus drop constraint test_no_doomed_root`);
      await db.execute(sql`alter table menus drop constraint test_no_doomed_link`);
    }
  });

  it("keeps an application's root node out of the menu editor's delete, rename and move", async () => {
    const app = await registerApplication(api);
    const parent = (await api.post('/menus', { parentId: null, name: newInstant('holder'), title: 'Holder', type: 'path' })).json();
    const before = await registrySnapshot(t);
    expect((await api.delete(`/menus/${app.menuId}`)).json()).toMatchObject({ code: 'CONFLICT', details: { instant: app.instant } });
    expect((await api.put(`/menus/${app.menuId}`, { name: 'other', title: 'Other' })).statusCode).toBe(409);
    expect((await api.patch(`/menus/${app.menuId}/order`, { parentId: parent.id, index: 0 })).statusCode).toBe(409);
    expect(await registrySnapshot(t)).toBe(before);
    expect((await api.put(`/menus/${app.menuId}`, { name: app.instant, title: 'Retitled' })).statusCode).toBe(200);
  });

  it('moves menu nodes between trees with their owner: into an application, to another one, back to the console', async () => {
    const [first, second] = [await registerApplication(api), await registerApplication(api)];
    const section = (await api.post('/menus', { parentId: null, name: newInstant('section'), title: 'Section', type: 'path' })).json();
    const leaf = (await api.post('/menus', { parentId: section.id, name: 'leaf', title: 'Leaf', type: 'path' })).json();
    const owners = async () => [(await menuRow(section.id))?.applicationId, (await menuRow(leaf.id))?.applicationId];
    expect(await owners()).toEqual([null, null]);

    const move = (parentId: string | null) => api.patch(`/menus/${section.id}/order`, { parentId, index: 0 });
    expect((await move(first.menuId)).statusCode).toBe(200);
    expect(await owners()).toEqual([first.id, first.id]);
    expect((await menuRow(leaf.id))?.resource).toBe(`${first.instant}:${section.name}:leaf`);
    expect((await move(second.menuId)).statusCode).toBe(200);
    expect(await owners()).toEqual([second.id, second.id]);
    // The application's menu lists what was moved into it; the one it left no longer does.
    const treeOf = async (app: { id: string; type: string }) =>
      JSON.stringify((await api.get(`/menus/applications/${app.id}/${app.type}`)).json());
    expect(await treeOf(second)).toContain(leaf.id);
    expect(await treeOf(first)).not.toContain(leaf.id);
    expect((await move(null)).statusCode).toBe(200);
    expect(await owners()).toEqual([null, null]);
    expect((await menuRow(leaf.id))?.resource).toBe(`${section.name}:leaf`);
  });
});
