import type { ApplicationAuthorization, MenuNode } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../../../platform/db/client.ts';
import { outboxDrained } from '../../../../../test/app.ts';
import { registerApplication, userHolding as holding } from '../../../../../test/factories/applications.ts';
import {
  makeGroup,
  makeOrg,
  makeRole,
  makeUser,
  snapshot,
  tokenOf,
  apiAs,
  useAdminApp,
  type Api,
} from '../../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();

const authorizationsOf = (applicationId: string) => `/v4/applications/${applicationId}/authorizations`;
const ofSubject = (applicationId: string, type: string, id: string) => `${authorizationsOf(applicationId)}/${type}/${id}`;
const GATED_CALL = 'GET:/api/permission/v4/applications';

/** An application owned by a user who holds nothing, with pages orders (its point export gating GATED_CALL) and reports. */
async function ownedApplication() {
  const app = await registerApplication(api);
  const node = async (parentId: string | null, name: string, type: 'path' | 'element', gates: string[] = []) =>
    (await api.post(`/v4/applications/${app.id}/dom`, { parentId, name, title: name, type, api: gates })).json<MenuNode>();
  const orders = await node(null, 'orders', 'path');
  const exportPoint = await node(orders.id, 'export', 'element', [GATED_CALL]);
  const reports = await node(null, 'reports', 'path');
  const owner = await holding(t, []);
  expect((await api.patch(`/applications/${app.id}/owner`, { ownerId: owner.user.id })).statusCode).toBe(200);
  return { app, owner, orders, exportPoint, reports };
}

const workbenchOf = async (caller: Api) => (await caller.get('/applications/self')).json<{ instant: string }[]>().map((a) => a.instant);
const resourcesOf = async (caller: Api): Promise<string[]> => (await caller.get('/users/resources/frontend')).json().resources;

describe("an application's authorisations", () => {
  it('are given by its owner, who is no administrator, to a user for one page; the user sees it; the owner is refused elsewhere', async () => {
    const { app, owner, orders } = await ownedApplication();
    const another = await registerApplication(api);
    // The colleague holds an application the owner does not: authorising them touches nothing else they hold.
    const colleague = await holding(t, [another.instant]);

    const granted = await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<ApplicationAuthorization>()).toMatchObject({
      subjectType: 'user',
      subjectId: colleague.user.id,
      name: colleague.user.username,
      nodes: [{ id: orders.id, resource: `${app.instant}:orders`, type: 'path' }],
    });
    expect(await workbenchOf(colleague.api)).toEqual(expect.arrayContaining([app.instant, another.instant]));
    const resources = await resourcesOf(colleague.api);
    expect(resources).toContain(`${app.instant}:orders`);
    expect(resources).not.toContain(`${app.instant}:reports`);
    const listed = (await owner.api.get(authorizationsOf(app.id))).json();
    expect(listed).toMatchObject({ total: 1, list: [{ subjectId: colleague.user.id }] });

    for (const call of [
      owner.api.get(authorizationsOf(another.id)),
      owner.api.get(`${authorizationsOf(another.id)}/subjects?keyword=a`),
      owner.api.put(ofSubject(another.id, 'user', owner.user.id), { nodeIds: [another.menuId] }),
      owner.api.delete(ofSubject(another.id, 'user', colleague.user.id)),
    ]) {
      expect((await call).statusCode).toBe(403);
    }

    expect((await owner.api.delete(ofSubject(app.id, 'user', colleague.user.id))).json()).toEqual({ ok: true });
    const after = await workbenchOf(colleague.api);
    expect(after).toContain(another.instant);
    expect(after).not.toContain(app.instant);
    expect((await owner.api.get(authorizationsOf(app.id))).json()).toMatchObject({ total: 0, list: [] });
  });

  it("hand out a point's calls only from someone who holds them; the owner holds the pages, not the calls; nothing is written when refused", async () => {
    const { app, owner, orders, exportPoint } = await ownedApplication();
    const colleague = await holding(t, []);
    const before = await snapshot(t);
    const refused = await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id, exportPoint.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(GATED_CALL);
    expect(await snapshot(t)).toBe(before);

    // The root covers every page of the application, and the calls of none of its points.
    expect((await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [app.menuId] })).statusCode).toBe(200);
    expect(await resourcesOf(colleague.api)).toContain(app.instant);
    expect((await colleague.api.get('/v4/applications')).statusCode).toBe(403);

    // An administrator holds the call and may hand it out; the owner may then narrow it again.
    expect((await api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [exportPoint.id] })).statusCode).toBe(200);
    expect((await colleague.api.get('/v4/applications')).statusCode).toBe(200);
    expect((await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] })).statusCode).toBe(200);
    expect((await colleague.api.get('/v4/applications')).statusCode).toBe(403);
  });

  it('let a holder of the point act on any application, handing out only the pages they hold themselves', async () => {
    const { app, orders } = await ownedApplication();
    const helpdesk = await holding(t, ['applicationManage:application:authorizations', `${app.instant}:orders`]);
    const colleague = await holding(t, []);
    expect((await helpdesk.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] })).statusCode).toBe(200);
    const before = await snapshot(t);
    const whole = await helpdesk.api.put(ofSubject(app.id, 'user', helpdesk.user.id), { nodeIds: [app.menuId] });
    expect(whole.statusCode).toBe(403);
    expect(whole.json().message).toContain(app.instant);
    expect(await snapshot(t)).toBe(before);
  });

  it('refuse to adopt a role of the same code made by someone else (409)', async () => {
    const { app, owner, orders } = await ownedApplication();
    const colleague = await holding(t, []);
    await makeRole(t, { code: `application-${app.id}-user-${colleague.user.id}` });
    const response = await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] });
    expect(response.statusCode).toBe(409);
  });

  it('leave the owner free to edit, rename and synchronise their tree while people holding more than them are authorised', async () => {
    const { app, owner, orders, exportPoint, reports } = await ownedApplication();
    const another = await registerApplication(api);
    const colleague = await holding(t, [another.instant]);
    await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id, reports.id] });
    // The administrator, who holds the call, gives the point too.
    await api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id, exportPoint.id, reports.id] });
    expect((await colleague.api.get('/v4/applications')).statusCode).toBe(200);

    const dom = `/v4/applications/${app.id}/dom`;
    expect((await owner.api.put(`${dom}/${orders.id}`, { name: 'sales', title: 'Sales' })).statusCode).toBe(200);
    expect(await resourcesOf(colleague.api)).toEqual(expect.arrayContaining([`${app.instant}:sales`, `${app.instant}:sales:export`]));
    expect((await owner.api.delete(`${dom}/${exportPoint.id}`)).statusCode).toBe(200);
    expect((await colleague.api.get('/v4/applications')).statusCode).toBe(403);

    // A synchronisation that drops a page takes it from the colleague; what else they hold stays.
    const queued = await owner.api.post(`/v4/applications/${app.id}/synchronization-task`, { menu: [{ name: 'sales', title: 'Sales' }] });
    expect(queued.statusCode).toBe(200);
    await outboxDrained(t);
    const task = (await owner.api.get(`/v4/applications/${app.id}/synchronization-task/${queued.json().taskId}`)).json();
    expect(task).toMatchObject({ status: 'done', report: { counts: { removed: 1 } } });
    const resources = await resourcesOf(colleague.api);
    expect(resources).toEqual(expect.arrayContaining([`${app.instant}:sales`, another.instant]));
    expect(resources).not.toContain(`${app.instant}:reports`);
    // The owner still may not add a point gating a call they do not hold.
    const gated = await owner.api.post(dom, { parentId: null, name: 'audit', title: 'Audit', type: 'element', api: [GATED_CALL] });
    expect(gated.statusCode).toBe(403);
  });

  it("give no one else the owner's freedom: a holder of the tree's edit point may not take a page from someone holding more than them", async () => {
    const { app, orders } = await ownedApplication();
    const another = await registerApplication(api);
    const colleague = await holding(t, [another.instant]);
    await api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] });
    const editor = await holding(t, ['applicationManage:application:domEdit', 'applicationManage:application:authorizations', app.instant]);
    const before = await snapshot(t);
    const refused = await editor.api.delete(`/v4/applications/${app.id}/dom/${orders.id}`);
    expect(refused.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    const taken = await editor.api.delete(ofSubject(app.id, 'user', colleague.user.id));
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toContain(colleague.user.username);
    expect(await snapshot(t)).toBe(before);
  });

  it('reach the members of a group and of an organisation and those below it', async () => {
    const { app, owner, reports } = await ownedApplication();
    const member = await makeUser(t);
    const group = await makeGroup(t, { userIds: [member.id] });
    const org = await makeOrg(t);
    const below = await makeOrg(t, { parent: org });
    const staff = await makeUser(t, { orgId: below.id });

    expect((await owner.api.put(ofSubject(app.id, 'group', group.id), { nodeIds: [reports.id] })).statusCode).toBe(200);
    expect((await owner.api.put(ofSubject(app.id, 'org', org.id), { nodeIds: [reports.id] })).statusCode).toBe(200);
    for (const user of [member, staff]) {
      expect(await workbenchOf(apiAs(t, await tokenOf(t, user)))).toContain(app.instant);
    }
    const byType = (await owner.api.get(`${authorizationsOf(app.id)}?subjectType=org`)).json();
    expect(byType).toMatchObject({ total: 1, list: [{ subjectType: 'org', subjectId: org.id, name: org.name, label: org.code }] });
    const byKeyword = (await owner.api.get(`${authorizationsOf(app.id)}?keyword=${encodeURIComponent(group.name)}`)).json();
    expect(byKeyword).toMatchObject({ total: 1, list: [{ subjectType: 'group', subjectId: group.id }] });
  });

  it('find users, groups and organisations to authorise by name', async () => {
    const { app, owner } = await ownedApplication();
    const user = await makeUser(t);
    const group = await makeGroup(t);
    const found = (await owner.api.get(`${authorizationsOf(app.id)}/subjects?keyword=${user.username}`)).json();
    expect(found).toEqual([{ subjectType: 'user', subjectId: user.id, name: user.username, label: expect.any(String) }]);
    const groups = (await owner.api.get(`${authorizationsOf(app.id)}/subjects?keyword=${group.code}&subjectType=group`)).json();
    expect(groups).toEqual([{ subjectType: 'group', subjectId: group.id, name: group.name, label: group.code }]);
    expect((await owner.api.get(`${authorizationsOf(app.id)}/subjects?keyword=`)).statusCode).toBe(400);
  });

  it('refuse bad input with 400 and an unknown authorisation with 404, writing nothing', async () => {
    const { app, owner, orders } = await ownedApplication();
    const another = await registerApplication(api);
    const colleague = await holding(t, []);
    const before = await snapshot(t);
    const put = (type: string, id: string, body: unknown) => owner.api.put(ofSubject(app.id, type, id), body);
    const outside = await put('user', colleague.user.id, { nodeIds: [another.menuId] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('nodeIds');
    const unknown = await put('user', crypto.randomUUID(), { nodeIds: [orders.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('subjectId');
    for (const [type, id, body] of [
      ['user', colleague.user.id, { nodeIds: [] }],
      ['user', colleague.user.id, { nodeIds: ['not-a-uuid'] }],
      ['user', colleague.user.id, {}],
      ['role', colleague.user.id, { nodeIds: [orders.id] }],
      ['user', 'x', { nodeIds: [orders.id] }],
    ] as const) {
      expect((await put(type, id, body)).statusCode).toBe(400);
    }
    expect((await owner.api.delete(ofSubject(app.id, 'user', colleague.user.id))).statusCode).toBe(404);
    expect((await owner.api.get(`${authorizationsOf(app.id)}?size=1000`)).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });

  it("are the user permission's alone: the console's role editors neither see, drop nor hand out their roles", async () => {
    const { app, owner, orders } = await ownedApplication();
    const colleague = await holding(t, []);
    const group = await makeGroup(t);
    const org = await makeOrg(t);
    const position = (await api.post('/v1/stations', { code: `p-${Date.now()}`, name: 'Clerk', orgId: org.id })).json();
    for (const [type, id] of [
      ['user', colleague.user.id],
      ['group', group.id],
      ['org', org.id],
    ] as const) {
      expect((await owner.api.put(ofSubject(app.id, type, id), { nodeIds: [orders.id] })).statusCode).toBe(200);
    }
    const [userRole] = await rawRows<{ id: string }>(
      t.database.db,
      sql`select id from roles where code = ${`application-${app.id}-user-${colleague.user.id}`}`,
    );
    const roleId = userRole?.id ?? '';
    const plain = await makeRole(t);

    // Each editor replaces the roles it shows; an authorisation's role is not among them and stays.
    const userDetail = (await api.get(`/users/${colleague.user.id}`)).json();
    expect(userDetail.roles).toEqual([]);
    expect((await api.put(`/users/${colleague.user.id}/roles/all`, { roleIds: [plain.id] })).statusCode).toBe(200);
    expect((await api.put(`/v1/org/${org.id}/roles`, { roleIds: [plain.id] })).statusCode).toBe(200);
    expect((await api.get(`/v1/org/${org.id}/roles/owned`)).json().map((role: { id: string }) => role.id)).toEqual([plain.id]);
    expect((await api.get(`/rels/roles/users/reverse?userId=${colleague.user.id}`)).json()).toMatchObject([{ id: plain.id }]);
    expect((await api.get(`/rels/roles/groups/reverse?groupId=${group.id}`)).json()).toEqual([]);
    const kept = (await owner.api.get(authorizationsOf(app.id))).json();
    expect(kept.total).toBe(3);
    expect(await resourcesOf(colleague.api)).toContain(`${app.instant}:orders`);

    // Nor can they hand it out, or reach it as a role.
    const before = await snapshot(t);
    for (const [path, body] of [
      [`/users/${owner.user.id}/roles/all`, { roleIds: [roleId] }],
      [`/v1/org/${org.id}/roles`, { roleIds: [roleId] }],
      [`/v1/stations/${position.id}/roles`, { roleIds: [roleId] }],
    ] as const) {
      const refused = await api.put(path, body);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().message).toContain(roleId);
    }
    const given = await api.post('/rels/roles/users', { roleId, userIds: [owner.user.id] });
    expect([given.statusCode, given.json().message]).toEqual([400, `roleId: unknown ids ${roleId}`]);
    for (const call of [
      api.get(`/roles/${roleId}`),
      api.put(`/roles/${roleId}`, { code: 'taken-over', name: 'Taken over' }),
      api.put(`/roles/${roleId}/resources`, { menuIds: [] }),
      api.delete(`/roles/${roleId}`),
      api.get(`/rels/roles/users?roleId=${roleId}`),

      api.get(`/rels/roles/groups?roleId=${roleId}`),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('go with the user, group or organisation they were given to, and leave the others be', async () => {
    const { app, owner, orders } = await ownedApplication();
    const [leaving, staying] = [await holding(t, []), await holding(t, [])];
    const [group, org] = [await makeGroup(t), await makeOrg(t)];
    for (const [type, id] of [
      ['user', leaving.user.id],
      ['user', staying.user.id],
      ['group', group.id],
      ['org', org.id],
    ] as const) {
      expect((await owner.api.put(ofSubject(app.id, type, id), { nodeIds: [orders.id] })).statusCode).toBe(200);
    }
    const rolesLeft = async () =>
      (await rawRows<{ code: string }>(t.database.db, sql`select code from roles where application_id = ${app.id} order by code`)).map(
        (role) => role.code,
      );
    expect(await rolesLeft()).toHaveLength(4);
    for (const path of [`/users/${leaving.user.id}`, `/groups/${group.id}`, `/v1/org/${org.id}`]) {
      expect((await api.delete(path)).statusCode, path).toBe(200);
    }
    expect(await rolesLeft()).toEqual([`application-${app.id}-user-${staying.user.id}`]);
    const orphanGrants = await rawRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from role_menus rm where not exists (select 1 from roles r where r.id = rm.role_id)`,
    );
    expect(orphanGrants).toEqual([{ n: 0 }]);
    expect((await owner.api.get(authorizationsOf(app.id))).json()).toMatchObject({ total: 1, list: [{ subjectId: staying.user.id }] });
  });

  it('are kept out of the role list and go with the application', async () => {
    const { app, owner, orders } = await ownedApplication();
    const colleague = await holding(t, []);
    await owner.api.put(ofSubject(app.id, 'user', colleague.user.id), { nodeIds: [orders.id] });
    const kept = await rawRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from roles where application_id = ${app.id}`);
    expect(kept).toEqual([{ n: 1 }]);
    expect((await api.get(`/roles?keyword=${app.id}`)).json().total).toBe(0);
    expect((await api.delete(`/applications/${app.id}`)).statusCode).toBe(200);
    expect(await resourcesOf(colleague.api)).not.toContain(`${app.instant}:orders`);
    const left = await rawRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from roles where code like ${`application-${app.id}-%`}`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
