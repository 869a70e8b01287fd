import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  auditOf,
  makeRole,
  makeUser,
  menuIdOf,
  snapshot,
  superAdminRoleId,
  tokenOf,
  useAdminApp,
} from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

describe('roles', () => {
  it('creates, reads, edits and deletes a role, with audit entries', async () => {
    const created = await api.post('/roles', { code: 'r-crud', name: 'Auditor', sort: 5 });
    expect(created.statusCode).toBe(200);
    const role = created.json();
    expect(role).toMatchObject({ code: 'r-crud', name: 'Auditor', sort: 5, allResources: false, description: null });
    expect((await api.get(`/roles/${role.id}`)).json()).toEqual(role);
    expect((await api.put(`/roles/${role.id}`, { code: 'r-crud-2', name: 'Auditor 2' })).json()).toMatchObject({
      code: 'r-crud-2',
      sort: 5,
    });
    expect((await api.delete(`/roles/${role.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/roles/${role.id}`)).statusCode).toBe(404);
    expect((await auditOf(t, 'roles.update'))[0]).toMatchObject({ before: { code: 'r-crud' }, after: { code: 'r-crud-2' } });
    expect((await auditOf(t, 'roles.delete'))[0]?.targetId).toBe(role.id);
  });

  it('pages roles by keyword', async () => {
    await makeRole(t, { code: 'kw-findme-1' });
    await makeRole(t, { code: 'kw-findme-2' });
    const page = (await api.get('/roles?keyword=kw-findme&size=1&sort=code&order=descend')).json();
    expect(page).toMatchObject({ total: 2, size: 1, list: [{ code: 'kw-findme-2' }] });
  });

  it('orders by the default when the sort names no column, even one named like an object property', async () => {
    await makeRole(t, { code: 'kw-proto-1' });
    for (const sort of ['constructor', 'toString', 'nothing']) {
      const response = await api.get(`/roles?keyword=kw-proto&sort=${sort}`);
      expect(response.statusCode, sort).toBe(200);
      expect(response.json()).toMatchObject({ total: 1, list: [{ code: 'kw-proto-1' }] });
    }
  });

  it('copies a role with its granted menu nodes', async () => {
    const source = await makeRole(t, { resources: ['systemManage:overView'] });
    const copy = await api.post(`/roles/${source.id}/copy`, { code: 'r-copy', name: 'Copy' });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toMatchObject({ code: 'r-copy', name: 'Copy', allResources: false });
    const sourceNodes = (await api.get(`/roles/${source.id}/resources`)).json().menuIds.sort();
    expect((await api.get(`/roles/${copy.json().id}/resources`)).json().menuIds.sort()).toEqual(sourceNodes);
    expect(sourceNodes).toHaveLength(2);
    expect((await auditOf(t, 'roles.copy'))[0]).toMatchObject({ targetId: copy.json().id, before: { sourceId: source.id } });
  });

  it('replaces the menu nodes of a role', async () => {
    const role = await makeRole(t);
    const [a, b] = [await menuIdOf(t, 'systemManage:overView'), await menuIdOf(t, 'systemManage:overView:query')];
    const set = await api.put(`/roles/${role.id}/resources`, { menuIds: [a, b] });
    expect(set.json()).toEqual({ menuIds: [a, b] });
    await api.put(`/roles/${role.id}/resources`, { menuIds: [b] });
    expect((await api.get(`/roles/${role.id}/resources`)).json()).toEqual({ menuIds: [b] });
    expect((await auditOf(t, 'roles.resources.update'))[0]).toMatchObject({
      before: { menuIds: expect.arrayContaining([a, b]) },
      after: { menuIds: [b] },
    });
  });

  it('answers every menu node for the super-administrator role', async () => {
    const all = (await api.get(`/roles/${await superAdminRoleId(t)}/resources`)).json().menuIds;
    expect(all).toContain(await menuIdOf(t, 'systemManage:roleManage:update'));
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const role = await makeRole(t);
    const before = await snapshot(t);
    const duplicate = await api.post('/roles', { code: role.code, name: 'x' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ details: { field: 'code' } });
    expect((await api.post(`/roles/${role.id}/copy`, { code: role.code, name: 'x' })).statusCode).toBe(409);
    expect((await api.post(`/roles/${randomUUID()}/copy`, { code: 'fresh', name: 'x' })).statusCode).toBe(404);
    expect((await api.post('/roles', { code: 'x', name: 'x', sort: 1.5 })).statusCode).toBe(400);
    expect((await api.put(`/roles/${role.id}/resources`, { menuIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await api.put(`/roles/${role.id}/resources`, { menuIds: 'x' })).statusCode).toBe(400);
    expect((await api.put(`/roles/${randomUUID()}/resources`, { menuIds: [] })).statusCode).toBe(404);
    expect((await api.put(`/roles/${randomUUID()}`, { code: 'x', name: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`/roles/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/roles/${randomUUID()}/resources`)).statusCode).toBe(404);
    expect(await snapshot(t)).toBe(before);
  });

  it('protects the super-administrator role: not deleted, not edited in its resources, code kept (409)', async () => {
    const id = await superAdminRoleId(t);
    const before = await snapshot(t);
    const deleted = await api.delete(`/roles/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await api.put(`/roles/${id}/resources`, { menuIds: [] })).statusCode).toBe(409);
    expect((await api.put(`/roles/${id}`, { code: 'renamed', name: 'x' })).statusCode).toBe(409);
    expect(await snapshot(t)).toBe(before);
    expect((await api.put(`/roles/${id}`, { code: 'superAdmin', name: 'Super administrator', description: 'Everything' })).statusCode).toBe(
      200,
    );
  });
});

describe('the safety rule on role resources', () => {
  it('lets a caller grant only menu nodes they hold (403 otherwise, nothing changed)', async () => {
    const caller = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage'] })).id] });
    const callerApi = apiAs(t, await tokenOf(t, caller));
    const target = await makeRole(t);
    const held = await menuIdOf(t, 'systemManage:roleManage:query');
    const notHeld = await menuIdOf(t, 'systemManage:navManage:menuManage:create');
    const before = await snapshot(t);
    const refused = await callerApi.put(`/roles/${target.id}/resources`, { menuIds: [held, notHeld] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/systemManage:navManage:menuManage:create/);
    const copySuper = await callerApi.post(`/roles/${await superAdminRoleId(t)}/copy`, { code: 'stolen', name: 'Stolen' });
    expect(copySuper.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    expect((await callerApi.put(`/roles/${target.id}/resources`, { menuIds: [held] })).statusCode).toBe(200);
  });

  it('lets a caller keep nodes already granted that they do not hold, while changing others', async () => {
    const caller = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage'] })).id] });
    const callerApi = apiAs(t, await tokenOf(t, caller));
    const target = await makeRole(t, { resources: ['systemManage:navManage:menuManage:create'] });
    const kept = await menuIdOf(t, 'systemManage:navManage:menuManage:create');
    const held = await menuIdOf(t, 'systemManage:roleManage:query');
    expect((await callerApi.put(`/roles/${target.id}/resources`, { menuIds: [kept, held] })).statusCode).toBe(200);
  });
});
