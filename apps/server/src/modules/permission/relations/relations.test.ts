import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs, auditOf, makeGroup, makeRole, makeUser, snapshot, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe('users in groups', () => {
  it('adds and removes members, readable from both sides, skipping links already there', async () => {
    const group = await makeGroup(t);
    const [u1, u2] = [await makeUser(t), await makeUser(t)];
    const added = await api.post('/rels/users/groups', { groupId: group.id, userIds: [u1.id, u2.id] });
    expect(added.json()).toEqual({ changed: 2 });
    expect((await api.post('/rels/users/groups', { groupId: group.id, userIds: [u1.id] })).json()).toEqual({ changed: 0 });

    const members = (await api.get(`/rels/users/groups?groupId=${group.id}&size=1`)).json();
    expect(members).toMatchObject({ total: 2, size: 1 });
    expect(ids((await api.get(`/rels/users/groups?groupId=${group.id}`)).json().list)).toEqual([u1.id, u2.id].sort());
    expect((await api.get(`/rels/users/groups/reverse?userId=${u1.id}`)).json()).toMatchObject([{ id: group.id, userCount: 2 }]);

    expect((await api.delete('/rels/users/groups', { groupId: group.id, userIds: [u1.id] })).json()).toEqual({ changed: 1 });
    expect((await api.get(`/rels/users/groups/reverse?userId=${u1.id}`)).json()).toEqual([]);
    expect((await auditOf(t, 'groups.users.add'))[0]).toMatchObject({ targetId: group.id, before: { userIds: [] } });
    expect((await auditOf(t, 'groups.users.remove'))[0]).toMatchObject({ targetId: group.id, after: { userIds: [u2.id] } });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const group = await makeGroup(t);
    const user = await makeUser(t);
    const before = await snapshot(t);
    expect((await api.post('/rels/users/groups', { groupId: randomUUID(), userIds: [user.id] })).statusCode).toBe(400);
    const unknownUser = await api.post('/rels/users/groups', { groupId: group.id, userIds: [user.id, randomUUID()] });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().details).toMatchObject({ field: 'userIds' });
    expect((await api.post('/rels/users/groups', { groupId: group.id, userIds: [user.id, user.id] })).statusCode).toBe(400);
    expect((await api.post('/rels/users/groups', { groupId: group.id })).statusCode).toBe(400);
    expect((await api.delete('/rels/users/groups')).statusCode).toBe(400);
    expect((await api.get('/rels/users/groups')).statusCode).toBe(400);
    expect((await api.get(`/rels/users/groups?groupId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/rels/users/groups/reverse?userId=${randomUUID()}`)).statusCode).toBe(404);
    expect(await snapshot(t)).toBe(before);
  });
});

describe('roles of users and groups', () => {
  it('gives and takes roles directly, readable from both sides', async () => {
    const role = await makeRole(t);
    const user = await makeUser(t);
    expect((await api.post('/rels/roles/users', { roleId: role.id, userIds: [user.id] })).json()).toEqual({ changed: 1 });
    expect((await api.get(`/rels/roles/users?roleId=${role.id}`)).json()).toMatchObject({ total: 1, list: [{ id: user.id }] });
    expect((await api.get(`/rels/roles/users/reverse?userId=${user.id}`)).json()).toMatchObject([{ id: role.id }]);
    expect((await api.delete('/rels/roles/users', { roleId: role.id, userIds: [user.id] })).json()).toEqual({ changed: 1 });
    expect((await api.get(`/rels/roles/users?roleId=${role.id}`)).json().total).toBe(0);
    expect((await auditOf(t, 'roles.users.add'))[0]).toMatchObject({
      targetType: 'role',
      targetId: role.id,
      after: { userIds: [user.id] },
    });
  });

  it('gives and takes roles of groups, readable from both sides', async () => {
    const role = await makeRole(t);
    const [g1, g2] = [await makeGroup(t), await makeGroup(t)];
    expect((await api.post('/rels/roles/groups', { roleId: role.id, groupIds: [g1.id, g2.id] })).json()).toEqual({ changed: 2 });
    expect(ids((await api.get(`/rels/roles/groups?roleId=${role.id}`)).json())).toEqual([g1.id, g2.id].sort());
    expect((await api.get(`/rels/roles/groups/reverse?groupId=${g1.id}`)).json()).toMatchObject([{ id: role.id }]);
    expect((await api.delete('/rels/roles/groups', { roleId: role.id, groupIds: [g1.id] })).json()).toEqual({ changed: 1 });
    expect(ids((await api.get(`/rels/roles/groups?roleId=${role.id}`)).json())).toEqual([g2.id]);
    expect((await auditOf(t, 'roles.groups.remove'))[0]).toMatchObject({ targetId: role.id, after: { groupIds: [g2.id] } });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const role = await makeRole(t);
    const before = await snapshot(t);
    expect((await api.post('/rels/roles/users', { roleId: randomUUID(), userIds: [] })).statusCode).toBe(400);
    expect((await api.post('/rels/roles/users', { roleId: role.id, userIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await api.post('/rels/roles/groups', { roleId: role.id, groupIds: [randomUUID()] })).statusCode).toBe(400);
    expect((await api.post('/rels/roles/groups', { roleId: role.id, groupIds: ['x'] })).statusCode).toBe(400);
    expect((await api.get(`/rels/roles/users?roleId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/rels/roles/users/reverse?userId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/rels/roles/groups?roleId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get(`/rels/roles/groups/reverse?groupId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await api.get('/rels/roles/groups/reverse?groupId=x')).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });
});

describe('the safety rule on relations', () => {
  it('refuses to give a role, or membership of a group, handing out what the caller does not hold', async () => {
    const caller = await makeUser(t, {
      roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage', 'systemManage:organizationManage:userGroup'] })).id],
    });
    const callerApi = apiAs(t, await tokenOf(t, caller));
    const strong = await makeRole(t, { resources: ['systemManage:navManage'] });
    const strongGroup = await makeGroup(t, { roleIds: [strong.id] });
    const target = await makeUser(t);
    const plainGroup = await makeGroup(t);
    const before = await snapshot(t);
    const direct = await callerApi.post('/rels/roles/users', { roleId: strong.id, userIds: [target.id] });
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(direct.json().message).toMatch(/systemManage:navManage/);
    expect((await callerApi.post('/rels/roles/groups', { roleId: strong.id, groupIds: [plainGroup.id] })).statusCode).toBe(403);
    expect((await callerApi.post('/rels/users/groups', { groupId: strongGroup.id, userIds: [caller.id] })).statusCode).toBe(403);
    const superAdmin = (await api.get('/roles?keyword=superAdmin')).json().list[0];
    expect((await callerApi.post('/rels/roles/users', { roleId: superAdmin.id, userIds: [caller.id] })).statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);

    const weak = await makeRole(t, { resources: ['systemManage:roleManage:query'] });
    expect((await callerApi.post('/rels/roles/users', { roleId: weak.id, userIds: [target.id] })).json()).toEqual({ changed: 1 });
  });
});
