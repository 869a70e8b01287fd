import type { UserResources } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupUsers, orgRoles, userPositions, userRoles, users } from '../../tables.ts';
import { bearer, createUser, tokensFor } from '../../../../../test/app.ts';
import {
  adminId,
  auditOf as auditEntries,
  callAs,
  makeGroup,
  makeOrg,
  makePosition,
  makeRole,
  superAdminRoleId,
  useAdminApp,
} from '../../../../../test/factories/identity.ts';
import { signedInWithRoles, USER_PAGE } from '../../../../../test/factories/users.ts';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t, admin } = useAdminApp();

const directRoles = async (userId: string) =>
  (await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)))
    .map((r) => r.roleId)
    .sort();
const groupsOf = async (userId: string) =>
  (await t.database.db.select({ groupId: groupUsers.groupId }).from(groupUsers).where(eq(groupUsers.userId, userId)))
    .map((r) => r.groupId)
    .sort();

describe('PUT /users/{id}/roles/all', () => {
  it("replaces the user's direct roles, and their permissions change at once", async () => {
    const target = await createUser(t);
    const targetToken = (await tokensFor(t, target.username, target.password)).access_token;
    const listUsers = () => t.app.inject({ method: 'GET', url: '/api/permission/users', headers: bearer(targetToken) });
    expect((await listUsers()).statusCode).toBe(403);

    const viewer = await makeRole(t, { resources: [`${USER_PAGE}:query`] });
    const other = await makeRole(t);
    const response = await admin({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [viewer.id, other.id] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await directRoles(target.id)).toEqual([viewer.id, other.id].sort());
    expect((await listUsers()).statusCode).toBe(200);

    await admin({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [other.id] } });
    expect(await directRoles(target.id)).toEqual([other.id]);
    expect((await listUsers()).statusCode).toBe(403);
    const [audit] = await auditEntries(t, 'users.roles.update', target.id);
    expect(audit).toMatchObject({ before: { roleIds: expect.arrayContaining([viewer.id, other.id]) }, after: { roleIds: [other.id] } });
  });

  it('refuses to grant a role holding resources the caller does not hold (403), changing nothing', async () => {
    const manager = await signedInWithRoles(t, [(await makeRole(t, { resources: [USER_PAGE] })).id]);
    const asManager = callAs(t, manager.headers);
    const target = await createUser(t);
    const within = await makeRole(t, { resources: [`${USER_PAGE}:query`] });
    const beyond = await makeRole(t, { resources: ['systemManage:roleManage'] });
    const ok = await asManager({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [within.id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const roleId of [beyond.id, await superAdminRoleId(t)]) {
      const refused = await asManager({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [within.id, roleId] } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(await directRoles(target.id)).toEqual([within.id]);
    }
    // A user who holds more than the caller is out of the caller's reach, even to take a role away.
    await admin({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [within.id, beyond.id] } });
    const strip = await asManager({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [beyond.id] } });
    expect(strip.statusCode, strip.body).toBe(403);
    expect(await directRoles(target.id)).toEqual([within.id, beyond.id].sort());
  });

  it('refuses to take the role from the last active super-administrator, but not from one who also holds it otherwise', async () => {
    const adminUser = await adminId(t);
    const refused = await admin({ method: 'PUT', url: `/users/${adminUser}/roles/all`, payload: { roleIds: [] } });
    expect(refused.statusCode).toBe(409);
    expect(await directRoles(adminUser)).toEqual([await superAdminRoleId(t)]);

    const group = await makeGroup(t, { roleIds: [await superAdminRoleId(t)] });
    await asSystem(t.database.db, (db) => db.insert(groupUsers).values({ groupId: group.id, userId: adminUser }));
    const allowed = await admin({ method: 'PUT', url: `/users/${adminUser}/roles/all`, payload: { roleIds: [] } });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Leaving that group now would leave nobody: refused.
    const leave = await admin({ method: 'PUT', url: `/users/${adminUser}/groups/all`, payload: { groupIds: [] } });
    expect(leave.statusCode).toBe(409);
    expect(await groupsOf(adminUser)).toEqual([group.id]);
    await admin({ method: 'PUT', url: `/users/${adminUser}/roles/all`, payload: { roleIds: [await superAdminRoleId(t)] } });
  });

  it('refuses unknown or malformed role ids (400) and unknown users (404), changing nothing', async () => {
    const target = await createUser(t);
    const role = await makeRole(t);
    await admin({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload: { roleIds: [role.id] } });
    const bodies = [{ roleIds: ['00000000-0000-4000-8000-000000000000'] }, { roleIds: ['x'] }, { roleIds: [role.id, role.id] }, {}];
    for (const payload of bodies) {
      const response = await admin({ method: 'PUT', url: `/users/${target.id}/roles/all`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await directRoles(target.id)).toEqual([role.id]);
    const ghost = await admin({ method: 'PUT', url: '/users/00000000-0000-4000-8000-000000000000/roles/all', payload: { roleIds: [] } });
    expect(ghost.statusCode).toBe(404);
  });
});

describe('PUT /users/{userId}/groups/all', () => {
  it("replaces the user's groups and records the change", async () => {
    const target = await createUser(t);
    const [a, b, c] = [await makeGroup(t), await makeGroup(t), await makeGroup(t)];
    await admin({ method: 'PUT', url: `/users/${target.id}/groups/all`, payload: { groupIds: [a.id, b.id] } });
    expect(await groupsOf(target.id)).toEqual([a.id, b.id].sort());
    const response = await admin({ method: 'PUT', url: `/users/${target.id}/groups/all`, payload: { groupIds: [c.id] } });
    expect(response.statusCode).toBe(200);
    expect(await groupsOf(target.id)).toEqual([c.id]);
    expect((await auditEntries(t, 'users.groups.update', target.id))[0]).toMatchObject({ after: { groupIds: [c.id] } });
  });

  it('refuses a group whose roles the caller could not grant (403), and unknown groups (400)', async () => {
    const manager = await signedInWithRoles(t, [(await makeRole(t, { resources: [USER_PAGE] })).id]);
    const target = await createUser(t);
    const strong = await makeGroup(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage'] })).id] });
    const refused = await callAs(
      t,
      manager.headers,
    )({ method: 'PUT', url: `/users/${target.id}/groups/all`, payload: { groupIds: [strong.id] } });
    expect(refused.statusCode).toBe(403);
    const unknown = await admin({
      method: 'PUT',
      url: `/users/${target.id}/groups/all`,
      payload: { groupIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await groupsOf(target.id)).toEqual([]);
  });
});

describe('GET /users/{id}/resources', () => {
  it("answers the user's roles from every source and the resources they grant", async () => {
    const viaDirect = await makeRole(t, { resources: [`${USER_PAGE}:query`] });
    const viaGroup = await makeRole(t, { resources: ['systemManage:roleManage'] });
    const viaPosition = await makeRole(t);
    const viaOrg = await makeRole(t);
    const org = await makeOrg(t);
    await asSystem(t.database.db, (db) => db.insert(orgRoles).values({ orgId: org.id, roleId: viaOrg.id }));
    const user = await createUser(t, { roleIds: [viaDirect.id] });
    await asSystem(t.database.db, (db) => db.update(users).set({ orgId: org.id }).where(eq(users.id, user.id)));
    const group = await makeGroup(t, { roleIds: [viaGroup.id] });
    await asSystem(t.database.db, (db) => db.insert(groupUsers).values({ groupId: group.id, userId: user.id }));
    const position = await makePosition(t, { roleIds: [viaPosition.id] });
    await asSystem(t.database.db, (db) => db.insert(userPositions).values({ positionId: position.id, userId: user.id }));

    const response = await admin({ method: 'GET', url: `/users/${user.id}/resources` });
    expect(response.statusCode).toBe(200);
    const body = response.json<UserResources>();
    expect(body.all).toBe(false);
    expect(body.roles.map((r) => r.id).sort()).toEqual([viaDirect.id, viaGroup.id, viaPosition.id, viaOrg.id].sort());
    expect(body.resources).toEqual(expect.arrayContaining([`${USER_PAGE}:query`, 'systemManage:roleManage']));
    expect(body.resources).not.toContain(`${USER_PAGE}:delete`);

    const superAdmin = (await admin({ method: 'GET', url: `/users/${await adminId(t)}/resources` })).json<UserResources>();
    expect(superAdmin.all).toBe(true);
    expect((await admin({ method: 'GET', url: '/users/00000000-0000-4000-8000-000000000000/resources' })).statusCode).toBe(404);
  });
});
