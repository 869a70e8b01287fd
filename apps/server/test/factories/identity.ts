import { randomUUID } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomToken } from '../../src/platform/crypto.ts';
import {
  auditLogs,
  groupRoles,
  groups,
  groupUsers,
  menus,
  organizations,
  orgRoles,
  positionRoles,
  positions,
  roleMenus,
  roles,
  userPositions,
  users,
} from '../../src/platform/db/schema.ts';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor, type TestApp } from '../app.ts';
import { appPerFile } from './suite.ts';

/** Small factories for the identity administration tests: rows straight into the database. */
const unique = (prefix: string) => `${prefix}-${randomToken(6).replace(/[^A-Za-z0-9]/g, 'x')}`;

export async function makeOrg(t: TestApp, input: { parent?: { id: string; path: string } | null; name?: string; sort?: number } = {}) {
  const id = randomUUID();
  const [row] = await t.database.db
    .insert(organizations)
    .values({
      id,
      parentId: input.parent?.id ?? null,
      name: input.name ?? unique('org'),
      code: unique('org'),
      path: `${input.parent?.path ?? '/'}${id}/`,
      sort: input.sort ?? 0,
    })
    .returning();
  if (!row) throw new Error('organisation insert failed');
  return row;
}

/** A role granting the menu nodes with these resource strings and everything under them (as the tree picker does). */
export async function makeRole(t: TestApp, input: { resources?: string[]; code?: string } = {}) {
  const [role] = await t.database.db
    .insert(roles)
    .values({ code: input.code ?? unique('role'), name: unique('Role') })
    .returning();
  if (!role) throw new Error('role insert failed');
  for (const resource of input.resources ?? []) {
    const nodes = await t.database.db
      .select({ id: menus.id })
      .from(menus)
      .where(or(eq(menus.resource, resource), sql`left(${menus.resource}, ${resource.length + 1}::int) = ${`${resource}:`}`));
    if (nodes.length === 0) throw new Error(`unknown resource ${resource}`);
    await t.database.db
      .insert(roleMenus)
      .values(nodes.map((node) => ({ roleId: role.id, menuId: node.id })))
      .onConflictDoNothing();
  }
  return role;
}

export async function makeGroup(t: TestApp, input: { roleIds?: string[]; userIds?: string[]; actived?: boolean } = {}) {
  const [group] = await t.database.db
    .insert(groups)
    .values({ code: unique('group'), name: unique('Group'), actived: input.actived ?? true })
    .returning();
  if (!group) throw new Error('group insert failed');
  for (const roleId of input.roleIds ?? []) await t.database.db.insert(groupRoles).values({ groupId: group.id, roleId });
  for (const userId of input.userIds ?? []) await t.database.db.insert(groupUsers).values({ groupId: group.id, userId });
  return group;
}

export async function makePosition(t: TestApp, input: { orgId?: string | null; roleIds?: string[]; userIds?: string[] } = {}) {
  const [position] = await t.database.db
    .insert(positions)
    .values({ code: unique('pos'), name: unique('Position'), orgId: input.orgId ?? null })
    .returning();
  if (!position) throw new Error('position insert failed');
  for (const roleId of input.roleIds ?? []) await t.database.db.insert(positionRoles).values({ positionId: position.id, roleId });
  for (const userId of input.userIds ?? []) await t.database.db.insert(userPositions).values({ positionId: position.id, userId });
  return position;
}

export async function grantOrgRole(t: TestApp, orgId: string, roleId: string) {
  await t.database.db.insert(orgRoles).values({ orgId, roleId });
}

/** A user (optionally in an organisation) with an access token. */
export async function makeUser(t: TestApp, input: { roleIds?: string[]; orgId?: string | null; username?: string } = {}) {
  const user = await createUser(t, { roleIds: input.roleIds, username: input.username });
  if (input.orgId) await t.database.db.update(users).set({ orgId: input.orgId }).where(eq(users.id, user.id));
  return user;
}

export async function tokenOf(t: TestApp, user: { username: string; password: string }) {
  return (await tokensFor(t, user.username, user.password)).access_token;
}

export const adminToken = async (t: TestApp) => (await tokensFor(t, 'admin', ADMIN_PASSWORD)).access_token;

export const adminId = async (t: TestApp) => {
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) throw new Error('no admin');
  return admin.id;
};

export const superAdminRoleId = async (t: TestApp) => {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'superAdmin'));
  if (!role) throw new Error('no superAdmin role');
  return role.id;
};

export const menuIdOf = async (t: TestApp, resource: string) => {
  const [node] = await t.database.db.select({ id: menus.id }).from(menus).where(eq(menus.resource, resource));
  if (!node) throw new Error(`no menu node ${resource}`);
  return node.id;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls /api/permission<path> as the holder of `token`, JSON in and out. */
export function apiAs(t: TestApp, token: string) {
  const call = (method: Method, path: string, payload?: unknown): Promise<LightMyRequestResponse> => {
    const options: InjectOptions = { method, url: `/api/permission${path}`, headers: bearer(token) };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    return t.app.inject(options);
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload?: unknown) => call('POST', path, payload ?? {}),
    put: (path: string, payload: unknown) => call('PUT', path, payload),
    patch: (path: string, payload: unknown) => call('PATCH', path, payload),
    delete: (path: string, payload?: unknown) => call('DELETE', path, payload),
  };
}
export type Api = ReturnType<typeof apiAs>;

/** This test file's app and an API caller signed in as the seeded administrator (built before the tests, closed after). */
export function useAdminApp(): { t: TestApp; api: Api } {
  const { t, prepared } = appPerFile(async (app) => apiAs(app, await adminToken(app)));
  const api: Api = {
    get: (path) => prepared().get(path),
    post: (path, payload) => prepared().post(path, payload),
    put: (path, payload) => prepared().put(path, payload),
    patch: (path, payload) => prepared().patch(path, payload),
    delete: (path, payload) => prepared().delete(path, payload),
  };
  return { t, api };
}

/**
 * The content of the identity tables, to prove a refused call changed nothing: compare a snapshot
 * taken before with one taken after.
 */
export async function snapshot(t: TestApp): Promise<string> {
  const tables = [
    'organizations',
    'user_secondary_orgs',
    'groups',
    'group_users',
    'group_roles',
    'org_roles',
    'positions',
    'user_positions',
    'position_roles',
    'roles',
    'user_roles',
    'role_menus',
    'menus',
    'users',
    'audit_logs',
  ];
  const parts: unknown[] = [];
  for (const table of tables) {
    const result = await t.database.db.execute(sql.raw(`select coalesce(json_agg(t order by t::text), '[]') as rows from ${table} t`));
    parts.push([table, (result as unknown as { rows: unknown[] }).rows]);
  }
  return JSON.stringify(parts);
}

/** Audit entries of one action, newest first. */
export async function auditOf(t: TestApp, action: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.action, action))
    .orderBy(sql`${auditLogs.at} desc`);
}
