import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { randomToken } from '../../src/platform/crypto.ts';
import { asSystem } from '../../src/platform/db/actor.ts';
import { rawRows } from '../../src/platform/db/client.ts';
import { auditLogs } from '../../src/platform/db/tables.ts';
import {
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
} from '../../src/modules/permission/tables.ts';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor, type TestApp } from '../app.ts';
import { appPerFile, type AppOptions } from './suite.ts';

/** The shared factories of the permission-service tests: rows straight into the database, callers with real tokens. */
const unique = (prefix: string) => `${prefix}-${randomToken(6).replace(/[^A-Za-z0-9]/g, 'x')}`;

export async function makeOrg(t: TestApp, input: { parent?: { id: string; path: string } | null; name?: string; sort?: number } = {}) {
  const id = randomUUID();
  const [row] = await asSystem(t.database.db, (tx) =>
    tx
      .insert(organizations)
      .values({
        id,
        parentId: input.parent?.id ?? null,
        name: input.name ?? unique('org'),
        code: unique('org'),
        path: `${input.parent?.path ?? '/'}${id}/`,
        sort: input.sort ?? 0,
      })
      .returning(),
  );
  if (!row) throw new Error('organisation insert failed');
  return row;
}

/** A role granting the menu nodes with these resource strings and everything under them (as the tree picker does). */
export async function makeRole(t: TestApp, input: { resources?: string[]; code?: string } = {}) {
  return asSystem(t.database.db, async (db) => {
    const [role] = await db
      .insert(roles)
      .values({ code: input.code ?? unique('role'), name: unique('Role') })
      .returning();
    if (!role) throw new Error('role insert failed');
    for (const resource of input.resources ?? []) {
      const nodes = await db
        .select({ id: menus.id })
        .from(menus)
        .where(or(eq(menus.resource, resource), sql`left(${menus.resource}, ${resource.length + 1}::int) = ${`${resource}:`}`));
      if (nodes.length === 0) throw new Error(`unknown resource ${resource}`);
      await db
        .insert(roleMenus)
        .values(nodes.map((node) => ({ roleId: role.id, menuId: node.id })))
        .onConflictDoNothing();
    }
    return role;
  });
}

export async function makeGroup(t: TestApp, input: { roleIds?: string[]; userIds?: string[]; actived?: boolean } = {}) {
  return asSystem(t.database.db, async (db) => {
    const [group] = await db
      .insert(groups)
      .values({ code: unique('group'), name: unique('Group'), actived: input.actived ?? true })
      .returning();
    if (!group) throw new Error('group insert failed');
    for (const roleId of input.roleIds ?? []) await db.insert(groupRoles).values({ groupId: group.id, roleId });
    for (const userId of input.userIds ?? []) await db.insert(groupUsers).values({ groupId: group.id, userId });
    return group;
  });
}

export async function makePosition(t: TestApp, input: { orgId?: string | null; roleIds?: string[]; userIds?: string[] } = {}) {
  return asSystem(t.database.db, async (db) => {
    const [position] = await db
      .insert(positions)
      .values({ code: unique('pos'), name: unique('Position'), orgId: input.orgId ?? null })
      .returning();
    if (!position) throw new Error('position insert failed');
    for (const roleId of input.roleIds ?? []) await db.insert(positionRoles).values({ positionId: position.id, roleId });
    for (const userId of input.userIds ?? []) await db.insert(userPositions).values({ positionId: position.id, userId });
    return position;
  });
}

export async function grantOrgRole(t: TestApp, orgId: string, roleId: string) {
  await asSystem(t.database.db, (db) => db.insert(orgRoles).values({ orgId, roleId }));
}

/** A user (optionally in an organisation) with an access token. */
export async function makeUser(t: TestApp, input: { roleIds?: string[]; orgId?: string | null; username?: string } = {}) {
  const user = await createUser(t, { roleIds: input.roleIds, username: input.username });
  const { orgId } = input;
  if (orgId) await asSystem(t.database.db, (db) => db.update(users).set({ orgId }).where(eq(users.id, user.id)));
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

/** The prefix of the permission service's routes: the default of the callers below. */
export const PERMISSION_PREFIX = '/api/permission';

/** The URL of a permission-service call. */
export const permissionApi = (path: string) => `${PERMISSION_PREFIX}${path}`;

/** A caller's injector for <prefix><url> (prefix /api/permission unless given): `callAs(t, headers)({ method, url, payload })`. */
export const callAs =
  (t: TestApp, headers: Record<string, string>, prefix = PERMISSION_PREFIX) =>
  (options: { method: InjectOptions['method']; url: string; payload?: unknown; headers?: Record<string, string> }) =>
    t.app.inject({
      method: options.method,
      url: `${prefix}${options.url}`,
      headers: { ...headers, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    });
export type Caller = ReturnType<typeof callAs>;

export const adminHeaders = async (t: TestApp) => bearer(await adminToken(t));

/** Calls <prefix><path> (prefix /api/permission unless given) as the holder of `token`, JSON in and out, one method per verb. */
export function apiAs(t: TestApp, token: string, prefix = PERMISSION_PREFIX) {
  const call = callAs(t, bearer(token), prefix);
  return {
    get: (path: string) => call({ method: 'GET', url: path }),
    post: (path: string, payload?: unknown) => call({ method: 'POST', url: path, payload: payload ?? {} }),
    put: (path: string, payload: unknown) => call({ method: 'PUT', url: path, payload }),
    patch: (path: string, payload: unknown) => call({ method: 'PATCH', url: path, payload }),
    delete: (path: string, payload?: unknown) => call({ method: 'DELETE', url: path, payload }),
  };
}
export type Api = ReturnType<typeof apiAs>;

/**
 * This test file's app and the seeded administrator's callers for one module's routes, in both styles
 * (built before the tests, closed after): `api.get(path)` and `admin({ method, url })`, paths relative
 * to `prefix` (e.g. '/api/reception-center'). `options.env` goes to buildTestApp (see appPerFile).
 */
export function useModuleApp(prefix: string, options: AppOptions = {}): { t: TestApp; api: Api; admin: Caller } {
  const { t, prepared } = appPerFile(async (app) => {
    const token = await adminToken(app);
    return { api: apiAs(app, token, prefix), admin: callAs(app, bearer(token), prefix) };
  }, options);
  const api: Api = {
    get: (path) => prepared().api.get(path),
    post: (path, payload) => prepared().api.post(path, payload),
    put: (path, payload) => prepared().api.put(path, payload),
    patch: (path, payload) => prepared().api.patch(path, payload),
    delete: (path, payload) => prepared().api.delete(path, payload),
  };
  return { t, api, admin: (options) => prepared().admin(options) };
}

/** useModuleApp for the permission service (/api/permission). */
export const useAdminApp = (options: AppOptions = {}) => useModuleApp(PERMISSION_PREFIX, options);

/** A user's row, or undefined when there is none (e.g. after a delete). */
export async function userById(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A user's row, failing the test when there is none. */
export async function userRow(t: TestApp, id: string) {
  const row = await userById(t, id);
  if (!row) throw new Error(`no user ${id}`);
  return row;
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
    const rows = await rawRows(t.database.db, sql.raw(`select coalesce(json_agg(t order by t::text), '[]') as rows from ${table} t`));
    parts.push([table, rows]);
  }
  return JSON.stringify(parts);
}

/** Audit entries of one action (about one target, when given), newest first. */
export async function auditOf(t: TestApp, action: string, targetId?: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), targetId === undefined ? undefined : eq(auditLogs.targetId, targetId)))
    .orderBy(desc(auditLogs.at));
}
