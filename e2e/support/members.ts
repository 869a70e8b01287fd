import type { MenuNode } from '@portal/contracts';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiCall } from './api.ts';

/** A user the administrator creates, with the password they replace it by before first use. */
export interface NewMember {
  username: string;
  name: string;
  initialPassword: string;
  password: string;
}

/** Adds a page (a `path` permission node) under a menu node, e.g. an application's menuId. */
export const addMenuPage = (call: ApiCall, parentId: string, name: string, title: string): Promise<MenuNode> =>
  call<MenuNode>('POST', '/api/permission/menus', { parentId, type: 'path', name, title });

/**
 * Creates a role granting `menuIds` and a user holding only that role, then has the user replace
 * the administrator-set password (which must be replaced before use) with `member.password`.
 * `request` makes that last call, which needs no token: the member does it with the old password.
 */
export async function createMemberWithMenus(
  call: ApiCall,
  request: APIRequestContext,
  input: { member: NewMember; role: { code: string; name: string }; menuIds: readonly string[] },
): Promise<{ id: string }> {
  const { member, role: roleInput, menuIds } = input;
  const role = await call<{ id: string }>('POST', '/api/permission/roles', roleInput);
  await call('PUT', `/api/permission/roles/${role.id}/resources`, { menuIds });
  const user = await call<{ id: string }>('POST', '/api/permission/users', {
    username: member.username,
    name: member.name,
    password: member.initialPassword,
  });
  await call('PUT', `/api/permission/users/${user.id}/roles/all`, { roleIds: [role.id] });
  const changed = await request.put('/api/reception-center/oauth/password', {
    data: { username: member.username, oldPassword: member.initialPassword, newPassword: member.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return user;
}
