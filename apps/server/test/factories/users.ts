import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { randomToken } from '../../src/platform/crypto.ts';
import {
  auditLogs,
  groupRoles,
  groups,
  menus,
  organizations,
  positionRoles,
  positions,
  roleMenus,
  roles,
  users,
} from '../../src/platform/db/schema.ts';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor, type TestApp } from '../app.ts';
import { appPerFile } from './suite.ts';

/** Small factories for the user-administration tests: real rows, real tokens. */

export const permissionApi = (path: string) => `/api/permission${path}`;

/** A caller's injector: `as(t, headers)({ method, url, payload })`. */
export const callAs =
  (t: TestApp, headers: Record<string, string>) =>
  (options: { method: InjectOptions['method']; url: string; payload?: unknown; headers?: Record<string, string> }) =>
    t.app.inject({
      method: options.method,
      url: permissionApi(options.url),
      headers: { ...headers, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    });

export async function adminHeaders(t: TestApp) {
  return bearer((await tokensFor(t, 'admin', ADMIN_PASSWORD)).access_token);
}

export type Caller = ReturnType<typeof callAs>;

/** This test file's app and a caller signed in as the seeded administrator (built before the tests, closed after). */
export function useAdminApp(): { t: TestApp; admin: Caller } {
  const { t, prepared } = appPerFile(async (app) => callAs(app, await adminHeaders(app)));
  return { t, admin: (options) => prepared()(options) };
}

export async function adminId(t: TestApp): Promise<string> {
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) throw new Error('no admin');
  return admin.id;
}

/** An organisation under `parent` (a root without it), with its materialised path. */
export async function makeOrg(t: TestApp, parent?: { id: string; path: string }) {
  const id = randomUUID();
  const [org] = await t.database.db
    .insert(organizations)
    .values({
      id,
      name: `Org ${randomToken(4)}`,
      code: `org-${randomToken(6)}`,
      parentId: parent?.id ?? null,
      path: `${parent?.path ?? '/'}${id}/`,
    })
    .returning();
  if (!org) throw new Error('organisation insert failed');
  return org;
}

export async function makePosition(t: TestApp, input: { orgId?: string; roleIds?: string[] } = {}) {
  const [position] = await t.database.db
    .insert(positions)
    .values({ code: `pos-${randomToken(6)}`, name: 'Position', orgId: input.orgId ?? null })
    .returning();
  if (!position) throw new Error('position insert failed');
  for (const roleId of input.roleIds ?? []) await t.database.db.insert(positionRoles).values({ positionId: position.id, roleId });
  return position;
}

export async function makeGroup(t: TestApp, input: { roleIds?: string[]; actived?: boolean } = {}) {
  const [group] = await t.database.db
    .insert(groups)
    .values({ code: `grp-${randomToken(6)}`, name: 'Group', actived: input.actived ?? true })
    .returning();
  if (!group) throw new Error('group insert failed');
  for (const roleId of input.roleIds ?? []) await t.database.db.insert(groupRoles).values({ groupId: group.id, roleId });
  return group;
}

/**
 * A role granting the menu nodes with these resource strings and every node below them (as ticking a
 * page in the role editor does), e.g. 'systemManage:organizationManage:user' with all its elements.
 */
export async function makeRole(t: TestApp, resources: string[], input: { allResources?: boolean } = {}) {
  const [role] = await t.database.db
    .insert(roles)
    .values({ code: `role-${randomToken(6)}`, name: 'Role', allResources: input.allResources ?? false })
    .returning();
  if (!role) throw new Error('role insert failed');
  if (resources.length > 0) {
    const named = await t.database.db.select({ id: menus.id }).from(menus).where(inArray(menus.resource, resources));
    if (named.length !== resources.length) throw new Error(`unknown resources in ${resources.join(', ')}`);
    const nodes = await t.database.db
      .select({ id: menus.id })
      .from(menus)
      .where(or(inArray(menus.resource, resources), ...resources.map((resource) => like(menus.resource, `${resource}:%`))));
    await t.database.db.insert(roleMenus).values(nodes.map((node) => ({ roleId: role.id, menuId: node.id })));
  }
  return role;
}

export const superAdminRoleId = async (t: TestApp) => {
  const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'superAdmin'));
  if (!role) throw new Error('no superAdmin role');
  return role.id;
};

/** A user holding these roles directly, signed in: their row, password and bearer headers. */
export async function signedInWithRoles(t: TestApp, roleIds: string[]) {
  const user = await createUser(t, { roleIds });
  const tokens = await tokensFor(t, user.username, user.password);
  return { user, tokens, headers: bearer(tokens.access_token) };
}

export async function userById(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function userCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Audit entries of an action about one target, newest first. */
export const auditEntries = (t: TestApp, action: string, targetId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)))
    .orderBy(desc(auditLogs.at));

export const USER_PAGE = 'systemManage:organizationManage:user';

/** A workbook whose first sheet holds these rows (the first one is the header), as a spreadsheet program would save it. */
export async function workbookOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of a workbook as rows of cell text. */
export async function rowsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= 6; column++) cells.push(row.getCell(column).text);
    rows.push(cells);
  });
  return rows;
}

/** A multipart/form-data body carrying `bytes` as the part "file", as a browser's upload sends it. */
export function multipartUpload(bytes: Buffer, part = 'file') {
  const boundary = `----portal-test-${randomToken(8)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="users.xlsx"\r\n` +
    'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n';
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
