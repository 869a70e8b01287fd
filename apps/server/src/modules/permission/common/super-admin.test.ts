import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../tables.ts';
import {
  adminId,
  makeGroup,
  makeOrg,
  makePosition,
  makeUser,
  snapshot,
  superAdminRoleId,
  useAdminApp,
} from '../../../../test/factories/identity.ts';
import { asSystem } from '../../../platform/db/actor.ts';

/**
 * The last active holder of the super-administrator role keeps it, whichever path they hold it by
 * (directly, through a group, an organisation or a position): every change that would strip it is a 409.
 */
const { t, api } = useAdminApp();
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  admin = await adminId(t);
  superAdmin = await superAdminRoleId(t);
});

/** Each call must answer 409 CONFLICT and leave the database as it was. */
async function expectRefused(...calls: (() => Promise<{ statusCode: number; json(): unknown }>)[]) {
  const before = await snapshot(t);
  for (const call of calls) {
    const response = await call();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/super-administrator/) });
  }
  expect(await snapshot(t)).toBe(before);
}

describe('the last super-administrator', () => {
  it('cannot lose the role held directly', async () => {
    await expectRefused(() => api.delete('/rels/roles/users', { roleId: superAdmin, userIds: [admin] }));
  });

  it('cannot lose it through a group once that is the only path', async () => {
    const group = await makeGroup(t, { userIds: [admin] });
    await api.post('/rels/roles/groups', { roleId: superAdmin, groupIds: [group.id] });
    expect((await api.delete('/rels/roles/users', { roleId: superAdmin, userIds: [admin] })).statusCode).toBe(200);
    await expectRefused(
      () => api.delete(`/groups/${group.id}/actived`),
      () => api.delete(`/groups/${group.id}`),
      () => api.delete('/rels/users/groups', { groupId: group.id, userIds: [admin] }),
      () => api.delete('/rels/roles/groups', { roleId: superAdmin, groupIds: [group.id] }),
    );

    // Through an organisation above the admin's own.
    const top = await makeOrg(t);
    const own = await makeOrg(t, { parent: top });
    await asSystem(t.database.db, (db) => db.update(users).set({ orgId: own.id }).where(eq(users.id, admin)));
    await api.put(`/v1/org/${top.id}/roles`, { roleIds: [superAdmin] });
    expect((await api.delete(`/groups/${group.id}`)).statusCode).toBe(200);
    await expectRefused(
      () => api.put(`/v1/org/${top.id}/roles`, { roleIds: [] }),
      () => api.patch(`/v1/org/${own.id}/order`, { parentId: null, index: 0 }),
      () => api.put(`/v1/org/${own.id}`, { name: own.name, code: own.code, parentId: null }),
    );

    // Through a position.
    const position = await makePosition(t, { roleIds: [superAdmin], userIds: [admin] });
    expect((await api.put(`/v1/org/${top.id}/roles`, { roleIds: [] })).statusCode).toBe(200);
    await expectRefused(
      () => api.put(`/v1/stations/${position.id}/users`, { userIds: [] }),
      () => api.put(`/v1/stations/${position.id}/roles`, { roleIds: [] }),
      () => api.delete(`/v1/stations/${position.id}`),
    );
  });

  it('may lose the role while another active user holds it; an inactive holder does not count', async () => {
    await api.post('/rels/roles/users', { roleId: superAdmin, userIds: [admin] });
    const positions = (await api.get(`/v1/stations?size=100`)).json().list as { id: string }[];
    for (const position of positions) expect((await api.put(`/v1/stations/${position.id}/users`, { userIds: [] })).statusCode).toBe(200);
    const other = await makeUser(t, { roleIds: [superAdmin] });
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: false }).where(eq(users.id, other.id)));
    await expectRefused(() => api.delete('/rels/roles/users', { roleId: superAdmin, userIds: [admin] }));
    await asSystem(t.database.db, (db) => db.update(users).set({ actived: true }).where(eq(users.id, other.id)));
    expect((await api.delete('/rels/roles/users', { roleId: superAdmin, userIds: [admin] })).statusCode).toBe(200);
    // The admin no longer holds the role: the next call is refused.
    expect((await api.get('/roles')).statusCode).toBe(403);
  });
});
