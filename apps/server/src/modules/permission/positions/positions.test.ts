import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  auditOf,
  makeOrg,
  makePosition,
  makeRole,
  makeUser,
  snapshot,
  tokenOf,
  useAdminApp,
} from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

describe('positions', () => {
  it('creates, reads, edits and deletes a position, with audit entries', async () => {
    const org = await makeOrg(t);
    const created = await api.post('/v1/stations', { code: 'pos-crud', name: 'Clerk', orgId: org.id, sort: 3 });
    expect(created.statusCode).toBe(200);
    const position = created.json();
    expect(position).toMatchObject({ code: 'pos-crud', name: 'Clerk', orgId: org.id, orgName: org.name, sort: 3, description: null });

    expect((await api.get(`/v1/stations/${position.id}`)).json()).toEqual(position);
    const edited = await api.put(`/v1/stations/${position.id}`, { code: 'pos-crud', name: 'Senior clerk', description: 'desk' });
    expect(edited.json()).toMatchObject({ name: 'Senior clerk', description: 'desk', orgId: org.id, sort: 3 });

    expect((await api.delete(`/v1/stations/${position.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/v1/stations/${position.id}`)).statusCode).toBe(404);
    for (const action of ['positions.create', 'positions.update', 'positions.delete']) {
      expect((await auditOf(t, action))[0]?.targetId, action).toBe(position.id);
    }
  });

  it('pages positions filtered by organisation and keyword, and lists them all for pickers', async () => {
    const org = await makeOrg(t);
    for (const name of ['Alpha keeper', 'Beta keeper', 'Gamma'])
      await api.post('/v1/stations', { code: `list-${name.replace(' ', '-')}`, name, orgId: org.id });
    await makePosition(t);
    const byOrg = (await api.get(`/v1/stations?orgId=${org.id}&size=2`)).json();
    expect(byOrg).toMatchObject({ total: 3, size: 2, page: 1 });
    expect(byOrg.list).toHaveLength(2);
    const byKeyword = (await api.get(`/v1/stations?orgId=${org.id}&keyword=keeper&sort=name&order=descend`)).json();
    expect(byKeyword.list.map((p: { name: string }) => p.name)).toEqual(['Beta keeper', 'Alpha keeper']);
    const simple = (await api.get('/v1/stations/simple/list')).json();
    expect(simple.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(simple[0]).sort()).toEqual(['id', 'name', 'orgId']);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const existing = await makePosition(t);
    const before = await snapshot(t);
    const duplicate = await api.post('/v1/stations', { code: existing.code, name: 'Dup' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
    expect((await api.post('/v1/stations', { code: 'no-org', name: 'x', orgId: randomUUID() })).statusCode).toBe(400);
    expect((await api.post('/v1/stations', { code: 'bad code', name: 'x' })).statusCode).toBe(400);
    expect((await api.post('/v1/stations', { code: 'x', name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await api.put(`/v1/stations/${randomUUID()}`, { code: 'x', name: 'x' })).statusCode).toBe(404);
    expect((await api.put(`/v1/stations/${existing.id}`, { code: 'x', name: 'x', orgId: randomUUID() })).statusCode).toBe(400);
    expect((await api.delete(`/v1/stations/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get('/v1/stations?orgId=nope')).statusCode).toBe(400);
    expect((await api.put(`/v1/stations/${existing.id}/users`, { userIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await api.put(`/v1/stations/${existing.id}/roles`, { roleIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await api.put(`/v1/stations/${existing.id}/roles`, {})).statusCode).toBe(400);
    expect((await api.get(`/v1/stations/${randomUUID()}/users`)).statusCode).toBe(404);
    expect((await api.get(`/v1/stations/${randomUUID()}/roles`)).statusCode).toBe(404);
    expect(await snapshot(t)).toBe(before);
  });

  it('replaces the users and roles of a position', async () => {
    const position = await makePosition(t);
    const [u1, u2] = [await makeUser(t), await makeUser(t)];
    const role = await makeRole(t);
    const users = await api.put(`/v1/stations/${position.id}/users`, { userIds: [u1.id, u2.id] });
    expect(users.statusCode).toBe(200);
    expect(users.json()).toHaveLength(2);
    await api.put(`/v1/stations/${position.id}/users`, { userIds: [u2.id] });
    expect((await api.get(`/v1/stations/${position.id}/users`)).json().map((u: { id: string }) => u.id)).toEqual([u2.id]);
    const roles = await api.put(`/v1/stations/${position.id}/roles`, { roleIds: [role.id] });
    expect(roles.json()).toMatchObject([{ id: role.id }]);
    expect((await api.get(`/v1/stations/${position.id}/roles`)).json()).toMatchObject([{ id: role.id }]);
    const [entry] = await auditOf(t, 'positions.users.update');
    expect(entry).toMatchObject({ before: { userIds: expect.arrayContaining([u1.id, u2.id]) }, after: { userIds: [u2.id] } });
  });

  it('refuses to hand out through a position what the caller does not hold (403, nothing changed)', async () => {
    const manager = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:organizationManage:position'] })).id] });
    const managerApi = apiAs(t, await tokenOf(t, manager));
    const strong = await makeRole(t, { resources: ['systemManage:roleManage'] });
    const position = await makePosition(t, { roleIds: [strong.id] });
    const weakPosition = await makePosition(t);
    const before = await snapshot(t);
    const giveRole = await managerApi.put(`/v1/stations/${weakPosition.id}/roles`, { roleIds: [strong.id] });
    expect(giveRole.statusCode).toBe(403);
    expect(giveRole.json().message).toMatch(/systemManage:roleManage/);
    const joinStrong = await managerApi.put(`/v1/stations/${position.id}/users`, { userIds: [manager.id] });
    expect(joinStrong.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    const allowed = await makeRole(t, { resources: ['systemManage:organizationManage:position:query'] });
    expect((await managerApi.put(`/v1/stations/${weakPosition.id}/roles`, { roleIds: [allowed.id] })).statusCode).toBe(200);
  });
});
