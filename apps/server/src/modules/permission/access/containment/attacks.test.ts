import { USER_EXCEL_COLUMNS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../../test/app.ts';
import {
  adminId,
  apiAs,
  grantOrgRole,
  makeGroup,
  makeOrg,
  makePosition,
  makeRole,
  makeUser,
  snapshot,
  superAdminRoleId,
  tokenOf,
  useAdminApp,
  userRow,
} from '../../../../../test/factories/identity.ts';
import { multipartUpload, USER_PAGE, workbookOf } from '../../../../../test/factories/users.ts';

/**
 * The attacks that worked before the containment invariant, each by a user holding one narrow
 * permission: every one answers 403 and changes nothing, while the same call within the actor's
 * reach still works.
 */
const { t, api } = useAdminApp();

/** A signed-in user holding roles that grant exactly these menu resources (and what lies under them). */
async function holderOf(...resources: string[]) {
  const role = await makeRole(t, { resources });
  const user = await makeUser(t, { roleIds: [role.id] });
  const token = await tokenOf(t, user);
  return { user, role, token, api: apiAs(t, token) };
}

/** An organisation whose members hold the Roles page, which none of the attackers below hold. */
async function privilegedOrg() {
  const org = await makeOrg(t);
  await grantOrgRole(t, org.id, (await makeRole(t, { resources: ['systemManage:roleManage'] })).id);
  return org;
}

async function expectRefusedUnchanged(call: () => Promise<{ statusCode: number; body: string }>) {
  const before = await snapshot(t);
  const response = await call();
  expect(response.statusCode, response.body).toBe(403);
  expect(JSON.parse(response.body)).toMatchObject({ code: 'FORBIDDEN' });
  expect(await snapshot(t)).toBe(before);
}

describe('a helpdesk user (Users page: query and update)', () => {
  it('cannot reset the super-administrator’s password or email, but can a plain user’s', async () => {
    const helpdesk = await holderOf(`${USER_PAGE}:query`, `${USER_PAGE}:update`);
    const admin = await userRow(t, await adminId(t));
    await expectRefusedUnchanged(() => helpdesk.api.patch(`/users/${admin.id}/password`, { password: 'taken-over-1' }));
    await expectRefusedUnchanged(() =>
      helpdesk.api.put(`/users/${admin.id}`, { username: admin.username, name: admin.name, email: 'attacker@example.org' }),
    );
    const plain = await createUser(t);
    expect((await helpdesk.api.patch(`/users/${plain.id}/password`, { password: 'reset-by-helpdesk-1' })).statusCode).toBe(200);
  });

  it('cannot unlock the super-administrator, reset his authenticator app or disable him', async () => {
    const helpdesk = await holderOf(`${USER_PAGE}:query`, `${USER_PAGE}:unlock`, `${USER_PAGE}:resetTotp`, `${USER_PAGE}:actived`);
    const admin = await adminId(t);
    await expectRefusedUnchanged(() => helpdesk.api.delete(`/users/${admin}/lock`));
    await expectRefusedUnchanged(() => helpdesk.api.delete(`/users/${admin}/totp`));
    await expectRefusedUnchanged(() => helpdesk.api.delete(`/users/${admin}/actived`));
    const plain = await createUser(t);
    expect((await helpdesk.api.delete(`/users/${plain.id}/lock`)).statusCode).toBe(200);
  });

  it('cannot move himself into an organisation whose roles he lacks', async () => {
    const helpdesk = await holderOf(`${USER_PAGE}:query`, `${USER_PAGE}:update`);
    const org = await privilegedOrg();
    const { username, name } = helpdesk.user;
    await expectRefusedUnchanged(() => helpdesk.api.put(`/users/${helpdesk.user.id}`, { username, name, orgId: org.id }));
    const plainOrg = await makeOrg(t);
    expect((await helpdesk.api.put(`/users/${helpdesk.user.id}`, { username, name, orgId: plainOrg.id })).statusCode).toBe(200);
  });
});

it('a user who may only create users cannot create one in an organisation holding a role he lacks', async () => {
  const creator = await holderOf(`${USER_PAGE}:create`);
  const org = await privilegedOrg();
  const input = { username: 'created-above', name: 'Created above', password: 'created-password-1' };
  await expectRefusedUnchanged(() => creator.api.post('/users', { ...input, orgId: org.id }));
  expect((await creator.api.post('/users', { ...input, orgId: (await makeOrg(t)).id })).statusCode).toBe(200);
});

it('an organisation editor cannot move his organisation under one that holds a role he lacks', async () => {
  const editor = await holderOf('systemManage:organizationManage:organization');
  const own = await makeOrg(t);
  expect(
    (await api.put(`/users/${editor.user.id}`, { username: editor.user.username, name: editor.user.name, orgId: own.id })).statusCode,
  ).toBe(200);
  const privileged = await privilegedOrg();
  await expectRefusedUnchanged(() => editor.api.patch(`/v1/org/${own.id}/order`, { parentId: privileged.id, index: 0 }));
  await expectRefusedUnchanged(() => editor.api.put(`/v1/org/${own.id}`, { name: own.name, code: own.code, parentId: privileged.id }));
});

describe('a user who may only import users', () => {
  const upload = async (caller: { token: string }, orgId: string, rows: string[][]) => {
    const { payload, headers } = multipartUpload(await workbookOf([[...USER_EXCEL_COLUMNS], ...rows]));
    return t.app.inject({
      method: 'POST',
      url: `/api/permission/v1/org/${orgId}/users/files/excel?mode=upsert`,
      headers: { ...headers, authorization: `Bearer ${caller.token}` },
      payload,
    });
  };

  it('cannot move himself into an organisation holding a role he lacks, nor move the super-administrator', async () => {
    const importer = await holderOf(`${USER_PAGE}:import`);
    const privileged = await privilegedOrg();
    await expectRefusedUnchanged(() => upload(importer, privileged.id, [[importer.user.username, 'Importer']]));
    const plain = await makeOrg(t);
    const admin = await userRow(t, await adminId(t));
    await expectRefusedUnchanged(() => upload(importer, plain.id, [[admin.username, 'Administrator']]));
    const other = await createUser(t);
    expect((await upload(importer, plain.id, [[other.username, 'Moved']])).statusCode).toBe(200);
  });
});

it('editors of groups, organisations and positions cannot change the super-administrator’s memberships', async () => {
  const editor = await holderOf(
    'systemManage:organizationManage:userGroup',
    'systemManage:organizationManage:organization',
    'systemManage:organizationManage:position',
  );
  const admin = await adminId(t);
  const group = await makeGroup(t, { userIds: [admin] });
  await expectRefusedUnchanged(() => editor.api.delete(`/groups/${group.id}`));
  await expectRefusedUnchanged(() => editor.api.delete('/rels/users/groups', { groupId: group.id, userIds: [admin] }));
  const org = await makeOrg(t);
  await expectRefusedUnchanged(() => editor.api.put(`/v1/org/${org.id}/secondary`, { userIds: [admin] }));
  const position = await makePosition(t);
  await expectRefusedUnchanged(() => editor.api.put(`/v1/stations/${position.id}/users`, { userIds: [admin] }));
  // The same calls on a plain user are within the editor's reach.
  const plain = await createUser(t);
  expect((await editor.api.put(`/v1/stations/${position.id}/users`, { userIds: [plain.id] })).statusCode).toBe(200);
  expect((await editor.api.put(`/v1/org/${org.id}/secondary`, { userIds: [plain.id] })).statusCode).toBe(200);
});

it('a lesser role administrator cannot strip the super-administrator role from a super-administrator', async () => {
  const roleAdmin = await holderOf('systemManage:roleManage');
  const second = await createUser(t, { roleIds: [await superAdminRoleId(t)] });
  const superAdmin = await superAdminRoleId(t);
  await expectRefusedUnchanged(() => roleAdmin.api.delete('/rels/roles/users', { roleId: superAdmin, userIds: [second.id] }));
  // Nor any role from a user holding more than he does.
  expect((await api.post('/rels/roles/users', { roleId: roleAdmin.role.id, userIds: [second.id] })).statusCode).toBe(200);
  await expectRefusedUnchanged(() => roleAdmin.api.delete('/rels/roles/users', { roleId: roleAdmin.role.id, userIds: [second.id] }));
});
