import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus, roleMenus } from '../tables.ts';
import { apiAs, auditOf, makeRole, makeUser, menuIdOf, snapshot, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const { t, api } = useAdminApp();

const resourceOf = async (id: string) => (await t.database.db.select().from(menus).where(eq(menus.id, id)))[0]?.resource;
const page = (parentId: string | null, name: string) => api.post('/menus', { parentId, name, title: name, type: 'path' });
const element = (parentId: string, name: string, apiEntries: string[] = []) =>
  api.post('/menus', { parentId, name, title: name, type: 'element', api: apiEntries });

describe('editing the menu tree', () => {
  it('creates pages and elements with resources from the parent; elements get status 0', async () => {
    const root = await api.post('/menus', {
      parentId: null,
      name: 'reports',
      title: 'Reports',
      type: 'path',
      icon: 'BarChartOutlined',
      redirect: 'daily',
    });
    expect(root.statusCode).toBe(200);
    expect(root.json()).toMatchObject({ resource: 'reports', status: null, icon: 'BarChartOutlined', redirect: 'daily', children: [] });
    const daily = (await page(root.json().id, 'daily')).json();
    expect(daily.resource).toBe('reports:daily');
    const query = (await element(daily.id, 'query', ['GET:/api/permission/audit-logs'])).json();
    expect(query).toMatchObject({ resource: 'reports:daily:query', status: '0', type: 'element', api: ['GET:/api/permission/audit-logs'] });
    const tree = (await api.get('/menus')).json();
    const reports = tree.find((node: { name: string }) => node.name === 'reports');
    expect(reports.children[0].children[0].id).toBe(query.id);
    expect((await auditOf(t, 'menus.create'))[0]).toMatchObject({ targetId: query.id, targetType: 'menu' });
  });

  it('refuses bad nodes with 4xx and changes nothing', async () => {
    const parent = (await page(null, 'refusals')).json();
    const leaf = (await element(parent.id, 'leaf')).json();
    const before = await snapshot(t);
    expect((await page(parent.id, 'leaf')).statusCode).toBe(409);
    expect((await page(null, 'systemManage')).json()).toMatchObject({ code: 'CONFLICT', details: { field: 'resource' } });
    expect((await page(leaf.id, 'below-element')).statusCode).toBe(400);
    expect((await page(randomUUID(), 'orphan')).statusCode).toBe(400);
    expect((await page(parent.id, 'bad:name')).statusCode).toBe(400);
    expect((await element(parent.id, 'bad-api', ['FETCH:/x'])).statusCode).toBe(400);
    expect((await element(parent.id, 'bad-api', ['GET:no-slash'])).statusCode).toBe(400);
    expect((await api.post('/menus', { parentId: parent.id, name: 'p', title: 'p', type: 'path', api: ['GET:/x'] })).statusCode).toBe(400);
    expect((await api.post('/menus', { parentId: parent.id, name: 'p', title: 'p', type: 'folder' })).statusCode).toBe(400);
    expect((await api.put(`/menus/${randomUUID()}`, { name: 'x', title: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`/menus/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.patch(`/menus/${randomUUID()}/order`, { parentId: null, index: 0 })).statusCode).toBe(404);
    expect(await snapshot(t)).toBe(before);
  });

  it('renames a node and every resource under it, keeping the grants', async () => {
    const top = (await page(null, 'rename_me')).json();
    const child = (await page(top.id, 'child')).json();
    const leaf = (await element(child.id, 'query')).json();
    const role = await makeRole(t);
    await asSystem(t.database.db, (db) => db.insert(roleMenus).values({ roleId: role.id, menuId: leaf.id }));
    const renamed = await api.put(`/menus/${top.id}`, { name: 'renamed', title: 'Renamed' });
    expect(renamed.json()).toMatchObject({ resource: 'renamed', title: 'Renamed' });
    expect(await resourceOf(child.id)).toBe('renamed:child');
    expect(await resourceOf(leaf.id)).toBe('renamed:child:query');
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toEqual([leaf.id]);
    expect((await auditOf(t, 'menus.update'))[0]).toMatchObject({ before: { resource: 'rename_me' }, after: { resource: 'renamed' } });
    // A lookalike prefix ('renamed' vs 'renamedX') is not part of the subtree.
    const lookalike = (await page(null, 'renamedX')).json();
    await api.put(`/menus/${top.id}`, { name: 'again', title: 'Again' });
    expect(await resourceOf(lookalike.id)).toBe('renamedX');
  });

  it('moves a node between parents at a position, and refuses moving under itself', async () => {
    const a = (await page(null, 'move-a')).json();
    const b = (await page(null, 'move-b')).json();
    const b0 = (await page(b.id, 'b0')).json();
    const b1 = (await page(b.id, 'b1')).json();
    const moving = (await page(a.id, 'moving')).json();
    const inside = (await element(moving.id, 'inside')).json();
    const moved = await api.patch(`/menus/${moving.id}/order`, { parentId: b.id, index: 1 });
    expect(moved.json()).toMatchObject({ parentId: b.id, resource: 'move-b:moving' });
    expect(await resourceOf(inside.id)).toBe('move-b:moving:inside');
    const order = (await api.get('/menus'))
      .json()
      .find((n: { id: string }) => n.id === b.id)
      .children.map((n: { id: string }) => n.id);
    expect(order).toEqual([b0.id, moving.id, b1.id]);

    const clash = (await page(a.id, 'b0')).json();
    const before = await snapshot(t);
    expect((await api.patch(`/menus/${moving.id}/order`, { parentId: moving.id, index: 0 })).statusCode).toBe(400);
    expect((await api.patch(`/menus/${b.id}/order`, { parentId: inside.id, index: 0 })).statusCode).toBe(400);
    expect((await api.patch(`/menus/${b.id}/order`, { parentId: moving.id, index: 0 })).statusCode).toBe(400);
    expect((await api.patch(`/menus/${clash.id}/order`, { parentId: b.id, index: 0 })).statusCode).toBe(409);
    expect((await api.patch(`/menus/${b0.id}/order`, { parentId: a.id, index: 0 })).statusCode).toBe(409);
    expect((await api.patch(`/menus/${b0.id}/order`, { parentId: a.id, index: 1.5 })).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
    expect((await auditOf(t, 'menus.move'))[0]).toMatchObject({ targetId: moving.id, after: { index: 1 } });
  });

  it('deletes a node with its subtree and the grants of it', async () => {
    const top = (await page(null, 'doomed')).json();
    const child = (await page(top.id, 'child')).json();
    const leaf = (await element(child.id, 'query')).json();
    const role = await makeRole(t);
    await asSystem(t.database.db, (db) => db.insert(roleMenus).values({ roleId: role.id, menuId: leaf.id }));
    expect((await api.delete(`/menus/${top.id}`)).json()).toEqual({ deleted: 3 });
    expect(await resourceOf(leaf.id)).toBeUndefined();
    expect((await api.get(`/roles/${role.id}/resources`)).json().menuIds).toEqual([]);
    expect((await auditOf(t, 'menus.delete'))[0]?.before).toMatchObject({ subtree: ['doomed', 'doomed:child', 'doomed:child:query'] });
  });
});

describe('the safety rule on menu elements', () => {
  it('refuses listing an api call the caller does not hold on an element', async () => {
    const editor = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:navManage:menuManage'] })).id] });
    const editorApi = apiAs(t, await tokenOf(t, editor));
    const parent = await menuIdOf(t, 'systemManage:navManage:menuManage');
    const before = await snapshot(t);
    const escalate = await editorApi.post('/menus', {
      parentId: parent,
      name: 'sneaky',
      title: 'Sneaky',
      type: 'element',
      api: ['PUT:/api/permission/roles/{roleId}/resources'],
    });
    expect(escalate.statusCode).toBe(403);
    const queryElement = await menuIdOf(t, 'systemManage:navManage:menuManage:query');
    const widen = await editorApi.put(`/menus/${queryElement}`, { name: 'query', title: 'Query', api: ['GET:/api/permission/audit-logs'] });
    expect(widen.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    const fine = await editorApi.post('/menus', {
      parentId: parent,
      name: 'fine',
      title: 'Fine',
      type: 'element',
      api: ['GET:/api/permission/menus'],
    });
    expect(fine.statusCode).toBe(200);
  });
});
