import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiAs, auditOf, makeGroup, makeRole, makeUser, snapshot, tokenOf, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

describe('groups', () => {
  it('creates, reads, edits and deletes a group, with audit entries', async () => {
    const created = await api.post('/groups', { code: 'g-crud', name: 'Editors', description: 'They edit' });
    expect(created.statusCode).toBe(200);
    const group = created.json();
    expect(group).toMatchObject({ code: 'g-crud', name: 'Editors', description: 'They edit', actived: true, userCount: 0 });
    expect((await api.get(`/groups/${group.id}`)).json()).toEqual(group);
    const edited = await api.put(`/groups/${group.id}`, { code: 'g-crud', name: 'Chief editors' });
    expect(edited.json()).toMatchObject({ name: 'Chief editors', description: 'They edit' });
    expect((await api.delete(`/groups/${group.id}`)).json()).toEqual({ ok: true });
    expect((await api.get(`/groups/${group.id}`)).statusCode).toBe(404);
    expect((await auditOf(t, 'groups.update'))[0]).toMatchObject({ before: { name: 'Editors' }, after: { name: 'Chief editors' } });
    expect((await auditOf(t, 'groups.delete'))[0]?.targetId).toBe(group.id);
  });

  it('pages groups by keyword and state, counting members', async () => {
    const user = await makeUser(t);
    await makeGroup(t, { userIds: [user.id] });
    const off = await makeGroup(t, { actived: false });
    const page = (await api.get('/groups?size=1')).json();
    expect(page).toMatchObject({ size: 1, page: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const disabled = (await api.get('/groups?actived=false')).json();
    expect(disabled.list.map((g: { id: string }) => g.id)).toContain(off.id);
    expect(disabled.list.every((g: { actived: boolean }) => !g.actived)).toBe(true);
    const byKeyword = (await api.get(`/groups?keyword=${encodeURIComponent(off.code)}`)).json();
    expect(byKeyword).toMatchObject({ total: 1, list: [{ id: off.id, userCount: 0 }] });
    expect((await api.get('/groups?keyword=%25')).json().total).toBe(0);
  });

  it('disables and activates a group: a disabled group stops giving its roles', async () => {
    const role = await makeRole(t, { resources: ['systemManage:overView'] });
    const member = await makeUser(t);
    const group = await makeGroup(t, { roleIds: [role.id], userIds: [member.id] });
    const memberApi = apiAs(t, await tokenOf(t, member));
    expect((await memberApi.get('/common/staticInfo')).statusCode).toBe(200);

    const disabled = await api.delete(`/groups/${group.id}/actived`);
    expect(disabled.json()).toMatchObject({ actived: false });
    expect((await memberApi.get('/common/staticInfo')).statusCode).toBe(403);

    expect((await api.post(`/groups/${group.id}/actived`)).json()).toMatchObject({ actived: true });
    expect((await memberApi.get('/common/staticInfo')).statusCode).toBe(200);
    expect((await auditOf(t, 'groups.disable'))[0]).toMatchObject({
      targetId: group.id,
      before: { actived: true },
      after: { actived: false },
    });
    expect((await auditOf(t, 'groups.activate'))[0]?.targetId).toBe(group.id);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const existing = await makeGroup(t);
    const before = await snapshot(t);
    const duplicate = await api.post('/groups', { code: existing.code, name: 'Dup' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
    const other = await api.put(`/groups/${existing.id}`, { code: existing.code, name: '' });
    expect(other.statusCode).toBe(400);
    for (const body of [{}, { code: 'ok' }, { code: 'a b', name: 'x' }, { code: 'x', name: 'x', description: 'd'.repeat(501) }]) {
      expect((await api.post('/groups', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const [method, path] of [
      ['get', `/groups/${randomUUID()}`],
      ['delete', `/groups/${randomUUID()}`],
      ['post', `/groups/${randomUUID()}/actived`],
      ['delete', `/groups/${randomUUID()}/actived`],
    ] as const) {
      expect((await api[method](path)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await api.get('/groups?actived=maybe')).statusCode).toBe(400);
    expect((await api.get('/groups/not-a-uuid')).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });

  it('refuses to re-activate a group whose roles the caller does not hold', async () => {
    const strong = await makeRole(t, { resources: ['systemManage:roleManage'] });
    const group = await makeGroup(t, { roleIds: [strong.id], actived: false });
    const manager = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:organizationManage:userGroup'] })).id] });
    const managerApi = apiAs(t, await tokenOf(t, manager));
    const before = await snapshot(t);
    const response = await managerApi.post(`/groups/${group.id}/actived`);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
  });
});
