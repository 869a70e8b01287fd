import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { multipartUpload, workbookOf } from '../../../../../test/factories/users.ts';
import { registerApplication, registrySnapshot } from '../../../../../test/factories/applications.ts';
import {
  adminHeaders,
  apiAs,
  makeRole,
  makeUser,
  menuIdOf,
  permissionApi,
  tokenOf,
  useAdminApp,
} from '../../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();
const DOM_QUERY = 'applicationManage:application:domQuery';
const APPS_QUERY = 'applicationManage:application:query';

const dom = (applicationId: string, rest = '') => `/v4/applications/${applicationId}/dom${rest}`;
async function userWith(resources: string[]) {
  const role = resources.length > 0 ? await makeRole(t, { resources }) : null;
  const user = await makeUser(t, { roleIds: role ? [role.id] : [] });
  return { user, api: apiAs(t, await tokenOf(t, user)) };
}
const head = async (applicationId: string, instant: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'HEAD', url: permissionApi(dom(applicationId, `/instant/${instant}`)), headers })).statusCode;

describe("an application's resource tree", () => {
  it('is built, edited, moved and read by the points holder, and a deleted node takes its grants with it', async () => {
    const app = await registerApplication(api);
    const page = (await api.post(dom(app.id), { parentId: null, type: 'path', name: 'orders', title: 'Orders' })).json<MenuNode>();
    expect(page).toMatchObject({ resource: `${app.instant}:orders`, parentId: app.menuId });
    const sub = (await api.post(dom(app.id), { parentId: page.id, type: 'path', name: 'list', title: 'List' })).json<MenuNode>();
    const point = await api.post(dom(app.id), { parentId: sub.id, type: 'element', name: 'export', title: 'Export', api: ['GET:/api/x'] });
    expect(point.statusCode, point.body).toBe(200);
    expect((await api.put(dom(app.id, `/${sub.id}`), { name: 'all', title: 'All orders' })).json()).toMatchObject({
      resource: `${app.instant}:orders:all`,
    });
    const moved = await api.patch(dom(app.id, `/${sub.id}/order`), { parentId: null, index: 0 });
    expect(moved.json()).toMatchObject({ resource: `${app.instant}:all`, parentId: app.menuId });
    const tree = (await api.get(dom(app.id, '/tree'))).json<MenuNode[]>();
    expect(tree.map((node) => node.name)).toEqual(['all', 'orders']);
    expect(tree[0]?.children.map((node) => node.resource)).toEqual([`${app.instant}:all:export`]);
    expect((await api.get(dom(app.id, '/apis'))).json()).toEqual([{ api: 'GET:/api/x', resources: [`${app.instant}:all:export`] }]);
    const headers = await adminHeaders(t);
    expect(await head(app.id, `${app.instant}:all:export`, headers)).toBe(200);
    expect(await head(app.id, `${app.instant}:free`, headers)).toBe(404);
    expect(await head(app.id, 'bad name!', headers)).toBe(400);

    const role = await makeRole(t, { resources: [`${app.instant}:all`] });
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toHaveLength(2);
    expect((await api.delete(dom(app.id, `/${sub.id}`))).json()).toEqual({ deleted: 2 });
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toEqual([]);
  });

  it('refuses bad input with a 4xx naming the field and changes nothing', async () => {
    const app = await registerApplication(api);
    const other = await registerApplication(api);
    const page = (await api.post(dom(app.id), { parentId: null, type: 'path', name: 'p', title: 'P' })).json<MenuNode>();
    const child = (await api.post(dom(app.id), { parentId: page.id, type: 'path', name: 'c', title: 'C' })).json<MenuNode>();
    const foreign = (await api.post(dom(other.id), { parentId: null, type: 'path', name: 'f', title: 'F' })).json<MenuNode>();
    const consoleNode = await menuIdOf(t, 'systemManage');
    const before = await registrySnapshot(t);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [Promise<{ statusCode: number; body: string }>, number, string?][] = [
      [api.get(dom(unknown, '/tree')), 404],
      [api.put(dom(app.id, `/${unknown}`), { name: 'x', title: 'X' }), 404],
      [api.put(dom(app.id, `/${foreign.id}`), { name: 'x', title: 'X' }), 403, 'nodeId'],
      [api.delete(dom(app.id, `/${consoleNode}`)), 403, 'nodeId'],
      [api.delete(dom(app.id, `/${app.menuId}`)), 403, 'nodeId'],
      [api.post(dom(app.id), { parentId: foreign.id, type: 'path', name: 'x', title: 'X' }), 403, 'nodeId'],
      [api.post(dom(app.id), { parentId: unknown, type: 'path', name: 'x', title: 'X' }), 400, 'parentId'],
      [api.post(dom(app.id), { parentId: null, type: 'path', name: 'a:b', title: 'X' }), 400],
      [api.post(dom(app.id), { parentId: null, type: 'path', name: 'p', title: 'Again' }), 409],
      [api.patch(dom(app.id, `/${page.id}/order`), { parentId: child.id, index: 0 }), 400, 'parentId'],
      [api.patch(dom(app.id, `/${page.id}/order`), { parentId: page.id, index: 0 }), 400, 'parentId'],
      [api.patch(dom(app.id, `/${page.id}/order`), { parentId: consoleNode, index: 0 }), 403, 'nodeId'],
    ];
    for (const [call, status, field] of cases) {
      const response = await call;
      expect(response.statusCode, response.body).toBe(status);
      if (field) expect(JSON.parse(response.body).details.field).toBe(field);
    }
    expect(await registrySnapshot(t)).toBe(before);
  });

  it('imports rows all or nothing, naming each bad row and field', async () => {
    const app = await registerApplication(api);
    const path = dom(app.id, '/files/import');
    const ok = await api.post(path, {
      rows: [
        { path: 'sales', type: 'path', title: 'Sales' },
        { path: 'sales:approve', type: 'element', title: 'Approve', api: ['POST:/api/sales/approve'] },
      ],
    });
    expect(ok.json()).toEqual({ added: 2, updated: 0 });
    const before = await registrySnapshot(t);
    const bad = await api.post(path, {
      rows: [
        { path: 'sales', type: 'path', title: 'Sales renamed' },
        { path: 'nowhere:x', type: 'path', title: 'X' },
        { path: 'sales:approve', type: 'path', title: 'Now a page' },
        { path: 'sales:bad name', type: 'element', title: 'B', api: ['FETCH /x'] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.rows).toEqual([
      { row: 2, field: 'path', reason: expect.any(String) },
      { row: 3, field: 'type', reason: expect.any(String) },
      { row: 4, field: 'path', reason: expect.any(String) },
      { row: 4, field: 'api', reason: expect.any(String) },
    ]);
    const tooMany = await api.post(path, { rows: Array.from({ length: 2001 }, (_, i) => ({ path: `p${i}`, type: 'path', title: 'P' })) });
    expect(tooMany.statusCode).toBe(400);
    expect((await api.post(path, { rows: [] })).statusCode).toBe(400);
    expect(await registrySnapshot(t)).toBe(before);
    expect((await api.post(path, { rows: [{ path: 'sales', type: 'path', title: 'Sales renamed' }] })).json()).toEqual({
      added: 0,
      updated: 1,
    });
  });
});

describe('importing resources from an .xlsx', () => {
  it('serves a template that imports as it is, and refuses a bad sheet or a non-workbook naming rows, writing nothing', async () => {
    const app = await registerApplication(api);
    const template = await t.app.inject({
      method: 'GET',
      url: permissionApi(dom(app.id, '/files/template')),
      headers: await adminHeaders(t),
    });
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const upload = async (bytes: Buffer) => {
      const { headers, payload } = multipartUpload(bytes);
      return t.app.inject({
        method: 'POST',
        url: permissionApi(dom(app.id, '/files/excel')),
        headers: { ...headers, ...(await adminHeaders(t)) },
        payload,
      });
    };
    expect((await upload(template.rawPayload)).json()).toEqual({ added: 2, updated: 0 });
    const tree = (await api.get(dom(app.id, '/tree'))).json<MenuNode[]>();
    expect(tree[0]?.children[0]).toMatchObject({ name: 'export', api: ['GET:/api/orders/export', 'POST:/api/orders/report'] });

    const before = await registrySnapshot(t);
    const bad = await upload(
      await workbookOf([
        ['Path', 'Type', 'Title', 'Icon', 'API'],
        ['reports', 'path', 'Reports', null, null],
        ['reports:x', 'widget', 'X', null, null],
        ['reports:y', 'element', null, null, 'GET /nope'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.rows).toEqual([
      { row: 3, field: 'type', reason: expect.any(String) },
      { row: 4, field: 'title', reason: expect.any(String) },
      { row: 4, field: 'api', reason: expect.any(String) },
    ]);
    expect((await upload(Buffer.from('not a workbook'))).statusCode).toBe(400);
    expect((await upload(await workbookOf([['Name', 'Title']]))).json().details.rows[0]).toMatchObject({ row: 1, field: 'path' });
    expect(await registrySnapshot(t)).toBe(before);
  });
});

describe('who may touch a resource tree', () => {
  it('a holder of the read point only reads; an owner works on their own application and gets 403 on another', async () => {
    const app = await registerApplication(api);
    const page = (await api.post(dom(app.id), { parentId: null, type: 'path', name: 'p', title: 'P' })).json<MenuNode>();
    const reader = await userWith([DOM_QUERY]);
    expect((await reader.api.get(dom(app.id, '/tree'))).statusCode).toBe(200);
    const before = await registrySnapshot(t);
    const writes = [
      reader.api.post(dom(app.id), { parentId: null, type: 'path', name: 'x', title: 'X' }),
      reader.api.put(dom(app.id, `/${page.id}`), { name: 'x', title: 'X' }),
      reader.api.delete(dom(app.id, `/${page.id}`)),
      reader.api.patch(dom(app.id, `/${page.id}/order`), { parentId: null, index: 0 }),
      reader.api.post(dom(app.id, '/files/import'), { rows: [{ path: 'x', type: 'path', title: 'X' }] }),
      reader.api.post(`/v4/applications/${app.id}/synchronization-task`, { menu: [] }),
    ];
    for (const response of await Promise.all(writes)) expect(response.statusCode, response.body).toBe(403);
    expect(await registrySnapshot(t)).toBe(before);

    // The owner of another application (able to create applications) has no way into this one.
    const owner = await userWith([`${APPS_QUERY}`, 'applicationManage:application:create']);
    const own = await registerApplication(owner.api);
    const mine = await owner.api.post(dom(own.id), { parentId: null, type: 'path', name: 'mine', title: 'Mine' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await owner.api.get(dom(own.id, '/tree'))).json()).toHaveLength(1);
    const stranger = await userWith([]);
    expect((await stranger.api.get(dom(own.id, '/tree'))).statusCode).toBe(403);
    const beforeOwner = await registrySnapshot(t);
    expect((await owner.api.put(dom(app.id, `/${page.id}`), { name: 'x', title: 'X' })).statusCode).toBe(403);
    expect((await owner.api.get(dom(app.id, '/apis'))).statusCode).toBe(403);
    // Moving the other application's node into their own tree is refused as well.
    const node = (await owner.api.patch(dom(own.id, `/${page.id}/order`), { parentId: null, index: 0 })).json();
    expect(node.code).toBe('FORBIDDEN');
    expect(await registrySnapshot(t)).toBe(beforeOwner);
  });

  it('an owner cannot make an element of their tree hand out a call they do not hold', async () => {
    const owner = await userWith(['applicationManage:application:create']);
    const own = await registerApplication(owner.api);
    const before = await registrySnapshot(t);
    const refused = await owner.api.post(dom(own.id), {
      parentId: null,
      type: 'element',
      name: 'x',
      title: 'X',
      api: ['DELETE:/api/permission/users/{id}'],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const synced = await owner.api.post(`/v4/applications/${own.id}/synchronization-task`, {
      menu: [{ name: 'p', title: 'P', elements: [{ name: 'x', title: 'X', api: ['DELETE:/api/permission/users/{id}'] }] }],
    });
    expect(synced.statusCode).toBe(200);
    await t.app.jobs.settled();
    const task = (await owner.api.get(`/v4/applications/${own.id}/synchronization-task/${synced.json().taskId}`)).json();
    expect(task).toMatchObject({ status: 'failed', report: null });
    expect((await owner.api.get(dom(own.id, '/tree'))).json()).toEqual([]);
    expect(await registrySnapshot(t)).not.toBe(before); // only the task row and its job were written
  });
});
