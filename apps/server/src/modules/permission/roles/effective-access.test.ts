import { describe, expect, it } from 'vitest';
import {
  apiAs,
  makeGroup,
  makeOrg,
  makePosition,
  makeRole,
  makeUser,
  menuIdOf,
  tokenOf,
  useAdminApp,
  type Api,
} from '../../../../test/factories/identity.ts';

/** Grant changes through the API take effect on the caller's next request, by every path a role reaches a user. */
const { t, api: admin } = useAdminApp();

const resourcesOf = async (api: Api): Promise<string[]> => (await api.get('/users/resources/frontend')).json().resources;

describe('grant changes', () => {
  it('give access to a gated route on the next request after PUT /roles/{roleId}/resources, and take it back', async () => {
    const role = (await admin.post('/roles', { code: 'auditors', name: 'Auditors' })).json();
    const user = await makeUser(t);
    await admin.post('/rels/roles/users', { roleId: role.id, userIds: [user.id] });
    const userApi = apiAs(t, await tokenOf(t, user));
    expect((await userApi.get('/audit-logs')).statusCode).toBe(403);

    const auditQuery = await menuIdOf(t, 'systemManage:auditLog:query');
    expect((await admin.put(`/roles/${role.id}/resources`, { menuIds: [auditQuery] })).statusCode).toBe(200);
    expect((await userApi.get('/audit-logs')).statusCode).toBe(200);

    await admin.put(`/roles/${role.id}/resources`, { menuIds: [] });
    expect((await userApi.get('/audit-logs')).statusCode).toBe(403);
  });

  it('apply through relations too: taking a role from a user closes the route at once', async () => {
    const role = await makeRole(t, { resources: ['systemManage:overView'] });
    const user = await makeUser(t);
    const userApi = apiAs(t, await tokenOf(t, user));
    expect((await userApi.get('/common/stats/top')).statusCode).toBe(403);
    await admin.post('/rels/roles/users', { roleId: role.id, userIds: [user.id] });
    expect((await userApi.get('/common/stats/top')).statusCode).toBe(200);
    await admin.delete('/rels/roles/users', { roleId: role.id, userIds: [user.id] });
    expect((await userApi.get('/common/stats/top')).statusCode).toBe(403);
  });
});

describe('effective resources', () => {
  it('come through an active group, an ancestor organisation and a position', async () => {
    const viaGroup = await makeRole(t, { resources: ['systemManage:overView'] });
    const viaOrg = await makeRole(t, { resources: ['systemManage:auditLog'] });
    const viaPosition = await makeRole(t, { resources: ['systemManage:organizationManage:position:query'] });
    const parent = await makeOrg(t);
    const child = await makeOrg(t, { parent });
    const user = await makeUser(t, { orgId: child.id });
    const userApi = apiAs(t, await tokenOf(t, user));
    expect(await resourcesOf(userApi)).toEqual(['personalCenter']);

    const group = await makeGroup(t);
    await admin.post('/rels/users/groups', { groupId: group.id, userIds: [user.id] });
    await admin.post('/rels/roles/groups', { roleId: viaGroup.id, groupIds: [group.id] });
    expect((await userApi.get('/common/staticInfo')).statusCode).toBe(200);

    await admin.put(`/v1/org/${parent.id}/roles`, { roleIds: [viaOrg.id] });
    expect((await userApi.get('/audit-logs')).statusCode).toBe(200);
    const owned = (await admin.get(`/v1/org/${child.id}/roles/owned`)).json();
    expect(owned).toMatchObject([{ id: viaOrg.id, inherited: true }]);

    const position = await makePosition(t);
    await admin.put(`/v1/stations/${position.id}/roles`, { roleIds: [viaPosition.id] });
    await admin.put(`/v1/stations/${position.id}/users`, { userIds: [user.id] });
    expect((await userApi.get('/v1/stations')).statusCode).toBe(200);

    expect(await resourcesOf(userApi)).toEqual(
      expect.arrayContaining([
        'systemManage:overView:query',
        'systemManage:auditLog:query',
        'systemManage:organizationManage:position:query',
      ]),
    );

    // Each path can be closed again: disabling the group, moving out from under the organisation, leaving the position.
    await admin.delete(`/groups/${group.id}/actived`);
    expect((await userApi.get('/common/staticInfo')).statusCode).toBe(403);
    await admin.patch(`/v1/org/${child.id}/order`, { parentId: null, index: 0 });
    expect((await userApi.get('/audit-logs')).statusCode).toBe(403);
    await admin.put(`/v1/stations/${position.id}/users`, { userIds: [] });
    expect((await userApi.get('/v1/stations')).statusCode).toBe(403);
    expect(await resourcesOf(userApi)).toEqual(['personalCenter']);
  });
});
