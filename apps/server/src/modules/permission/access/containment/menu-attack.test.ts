import { expect, it } from 'vitest';
import { apiAs, makeRole, makeUser, menuIdOf, snapshot, tokenOf, useAdminApp } from '../../../../../test/factories/identity.ts';
import { USER_PAGE } from '../../../../../test/factories/users.ts';

/**
 * On a fresh portal (nobody is granted the Users page's Edit element yet), a menu editor who may also
 * edit roles moves that element under personalCenter, which everyone holds, and tries to grant it.
 */
const { t } = useAdminApp();

it('a menu editor who moves the Users page’s Edit element under personalCenter still cannot grant it', async () => {
  const role = await makeRole(t, { resources: ['systemManage:navManage:menuManage', 'systemManage:roleManage'] });
  const user = await makeUser(t, { roleIds: [role.id] });
  const editor = { role, api: apiAs(t, await tokenOf(t, user)) };
  const edit = await menuIdOf(t, `${USER_PAGE}:update`);
  const moved = await editor.api.patch(`/menus/${edit}/order`, { parentId: await menuIdOf(t, 'personalCenter'), index: 0 });
  // The move alone gives nobody anything: a node's calls reach only the roles granted that node.
  expect(moved.statusCode, moved.body).toBe(200);
  const current = (await editor.api.get(`/roles/${editor.role.id}/resources`)).json<{ menuIds: string[] }>().menuIds;
  await refusedUnchanged(() => editor.api.put(`/roles/${editor.role.id}/resources`, { menuIds: [...current, edit] }));
  const spare = await makeRole(t);
  await refusedUnchanged(() => editor.api.put(`/roles/${spare.id}/resources`, { menuIds: [edit] }));
  // Nor list the call in an element he holds.
  const own = await menuIdOf(t, 'systemManage:navManage:menuManage:update');
  await refusedUnchanged(() =>
    editor.api.put(`/menus/${own}`, { name: 'update', title: 'Update', api: ['PUT:/menus/{id}', 'PATCH:/users/{id}/password'] }),
  );
});

async function refusedUnchanged(call: () => Promise<{ statusCode: number; body: string }>) {
  const before = await snapshot(t);
  const response = await call();
  expect(response.statusCode, response.body).toBe(403);
  expect(await snapshot(t)).toBe(before);
}
