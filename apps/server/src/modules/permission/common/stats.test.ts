import { describe, expect, it } from 'vitest';
import { makeGroup, makeOrg, makePosition, makeRole, makeUser, useAdminApp } from '../../../../test/factories/identity.ts';
import { eq } from 'drizzle-orm';
import { users } from '../tables.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const { t, api } = useAdminApp();

describe('overview', () => {
  it('counts users, active users, groups, roles, organisations, positions and menu nodes', async () => {
    const before = (await api.get('/common/staticInfo')).json();
    expect(before).toMatchObject({ users: 1, activeUsers: 1, groups: 0, roles: 1, organizations: 0, positions: 0 });
    expect(before.menus).toBeGreaterThan(50);
    const org = await makeOrg(t);
    const inactive = await makeUser(t, { orgId: org.id });
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: false }).where(eq(users.id, inactive.id)));
    await makeGroup(t);
    await makeRole(t);
    await makePosition(t, { orgId: org.id });
    expect((await api.get('/common/staticInfo')).json()).toEqual({
      ...before,
      users: 2,
      groups: 1,
      roles: 2,
      organizations: 1,
      positions: 1,
    });
  });

  it('ranks the ten biggest organisations and most held roles', async () => {
    const orgs = [];
    for (let i = 0; i < 12; i++) orgs.push(await makeOrg(t, { name: `rank-${String(i).padStart(2, '0')}` }));
    const busiest = orgs[11];
    const role = await makeRole(t);
    for (let i = 0; i < 3; i++) await makeUser(t, { orgId: busiest?.id, roleIds: [role.id] });
    for (const org of orgs.slice(0, 11)) await makeUser(t, { orgId: org.id });
    const top = (await api.get('/common/stats/top')).json();
    expect(top.organizations).toHaveLength(10);
    expect(top.organizations[0]).toEqual({ id: busiest?.id, name: 'rank-11', count: 3 });
    expect(top.roles[0]).toMatchObject({ id: role.id, count: 3 });
    expect(top.roles[1]).toMatchObject({ name: 'Super administrator', count: 1 });
  });
});
