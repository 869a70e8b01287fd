import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../platform/db/tables.ts';
import { adminId, makeUser, useAdminApp } from '../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();
let groupId: string;
beforeAll(async () => {
  groupId = (await api.post('/groups', { code: 'audited', name: 'Audited' })).json().id;
  await api.put(`/groups/${groupId}`, { code: 'audited', name: 'Audited twice' });
  await api.post('/roles', { code: 'audited-role', name: 'Audited role' });
});

type Entry = {
  action: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
};
const list = async (query: string): Promise<{ total: number; list: Entry[] }> => (await api.get(`/audit-logs?${query}`)).json();

describe('the audit log', () => {
  it('lists changes newest first with who made them and what changed', async () => {
    const { list: entries } = await list('');
    expect(entries.map((e) => e.action).slice(0, 3)).toEqual(['roles.create', 'groups.update', 'groups.create']);
    expect(entries[1]).toMatchObject({
      actorId: await adminId(t),
      actorName: 'admin',
      targetId: groupId,
      before: { name: 'Audited' },
      after: { name: 'Audited twice' },
    });
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by action prefix, target, actor, keyword and period', async () => {
    expect((await list('action=groups')).list.map((e) => e.action)).toEqual(['groups.update', 'groups.create']);
    expect((await list('action=groups.c')).total).toBe(1);
    expect((await list(`targetType=group&targetId=${groupId}`)).total).toBe(2);
    expect((await list(`actorId=${await adminId(t)}`)).total).toBe(3);
    expect((await list(`actorId=${randomUUID()}`)).total).toBe(0);
    expect((await list('keyword=audited')).total).toBe(0);
    expect((await list('keyword=ADMIN')).total).toBe(3);
    expect((await list('keyword=roles.cr')).total).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await list(`to=${encodeURIComponent(future)}&size=2`)).list).toHaveLength(2);
  });

  it('pages the entries', async () => {
    const user = await makeUser(t);
    await t.database.db
      .insert(auditLogs)
      .values(Array.from({ length: 25 }, (_, i) => ({ action: 'bulk.test', targetType: 'user', targetId: user.id, after: { i } })));
    const second = await list('action=bulk&size=10&page=3');
    expect(second).toMatchObject({ total: 25, page: 3, size: 10 });
    expect(second.list).toHaveLength(5);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['from=yesterday', 'actorId=me', 'size=0', 'page=0', 'order=up', `action=${'a'.repeat(101)}`]) {
      expect((await api.get(`/audit-logs?${query}`)).statusCode, query).toBe(400);
    }
  });
});
