import { USER_EXCEL_COLUMNS, XLSX_CONTENT_TYPE, type UserImportRowError } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../../platform/crypto.ts';
import { groupUsers, userPositions, users } from '../../../tables.ts';
import { createUser } from '../../../../../../test/app.ts';
import {
  auditOf as auditEntries,
  callAs,
  makeGroup,
  makeOrg,
  makePosition,
  makeRole,
  useAdminApp,
} from '../../../../../../test/factories/identity.ts';
import { multipartUpload, rowsOf, signedInWithRoles, USER_PAGE, userCount, workbookOf } from '../../../../../../test/factories/users.ts';
import { restoreDefaultSettings, setSafe } from '../../../../../../test/factories/settings.ts';
import { asSystem } from '../../../../../platform/db/actor.ts';

const { t, admin } = useAdminApp();
const HEADER = [...USER_EXCEL_COLUMNS];

const upload = (orgId: string, bytes: Buffer, query = '', as = admin) =>
  as({ method: 'POST', url: `/v1/org/${orgId}/users/files/excel${query}`, ...multipartUpload(bytes) });
const exportOf = (orgId: string, query = '') => admin({ method: 'GET', url: `/v1/org/${orgId}/users/files/excel${query}` });
const usersIn = async (orgId: string) =>
  (await t.database.db.select().from(users).where(eq(users.orgId, orgId))).sort((a, b) => a.username.localeCompare(b.username));
const rowErrors = (body: string) => (JSON.parse(body) as { details: { rows: UserImportRowError[] } }).details.rows;

describe('GET /users/import/template', () => {
  it('answers an .xlsx download with the header row and an example row', async () => {
    const response = await admin({ method: 'GET', url: '/users/import/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-template.xlsx"');
    const rows = await rowsOf(response.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]?.slice(0, 3)).toEqual(['jdoe', 'Jane Doe', 'jane.doe@example.com']);
  });
});

describe('POST /v1/org/{orgId}/users/files/excel', () => {
  it('creates every row in the organisation with its positions and groups, passwords to be changed', async () => {
    const org = await makeOrg(t);
    const position = await makePosition(t, { orgId: org.id });
    const [groupA, groupB] = [await makeGroup(t), await makeGroup(t)];
    const file = await workbookOf([
      [...HEADER, 'initial password'],
      ['imp-ann', 'Ann', 'ann@example.org', '+44 20 7946 0001', position.code, `${groupA.code}, ${groupB.code}`, 'chosen-password-1'],
      [],
      ['imp-bob', 'Bob', null, null, null, groupA.code, null],
    ]);
    const response = await upload(org.id, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, updated: 0 });
    const [ann, bob] = await usersIn(org.id);
    expect(ann).toMatchObject({
      username: 'imp-ann',
      name: 'Ann',
      email: 'ann@example.org',
      phone: '+44 20 7946 0001',
      passwordExpired: true,
    });
    expect(bob).toMatchObject({ username: 'imp-bob', email: null, passwordExpired: true });
    expect(await verifyPassword(ann?.passwordHash ?? null, 'chosen-password-1')).toBe(true);
    expect(bob?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(
      await t.database.db
        .select()
        .from(userPositions)
        .where(eq(userPositions.userId, ann?.id ?? '')),
    ).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(groupUsers)
        .where(eq(groupUsers.userId, ann?.id ?? '')),
    ).toHaveLength(2);
    const [audit] = await auditEntries(t, 'users.import', org.id);
    expect(audit?.after).toMatchObject({ mode: 'create', created: ['imp-ann', 'imp-bob'], updated: [] });
    expect(JSON.stringify(audit)).not.toContain('chosen-password-1');
  });

  it('reports every bad row with its number and reason, and writes nothing', async () => {
    const org = await makeOrg(t);
    const taken = await createUser(t, { username: 'imp-taken' });
    await asSystem(t.database.db, (db) =>
      db.update(users).set({ email: 'taken@example.org', phone: '+1 555 0000' }).where(eq(users.id, taken.id)),
    );
    const before = await userCount(t);
    const file = await workbookOf([
      HEADER,
      ['', 'No Username', null, null, null, null],
      ['imp-mail', 'Bad Mail', 'not-an-email', null, null, null],
      ['imp-dup', 'First', null, null, null, null],
      ['IMP-DUP', 'Second', null, null, null, null],
      ['imp-taken', 'Taken', null, null, null, null],
      ['imp-mail2', 'Taken Mail', 'Taken@Example.org', '+1 555 0000', null, null],
      ['imp-codes', 'Codes', null, null, 'no-such-position', 'no-such-group'],
      ['imp-fine', 'Fine', null, null, null, null],
    ]);
    const response = await upload(org.id, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const errors = rowErrors(response.body);
    const expected: [number, string, RegExp][] = [
      [2, 'username', /missing username/],
      [3, 'email', /invalid email/],
      [5, 'username', /duplicate username within the file \(first in row 4\)/],
      [6, 'username', /already taken/],
      [7, 'email', /already taken/],
      [7, 'phone', /already taken/],
      [8, 'position codes', /unknown position code "no-such-position"/],
      [8, 'group codes', /unknown group code "no-such-group"/],
    ];
    for (const [row, field, reason] of expected) {
      expect(
        errors.some((e) => e.row === row && e.field === field && reason.test(e.reason)),
        `${row} ${field}`,
      ).toBe(true);
    }
    expect(errors.some((e) => e.row === 9)).toBe(false);
    expect(await userCount(t)).toBe(before);
    expect(await usersIn(org.id)).toEqual([]);
  });

  it('refuses initial passwords the password policy refuses, per row, and writes nothing', async () => {
    await setSafe(t, { password: { minLength: 12, rejectCommon: true } });
    try {
      const org = await makeOrg(t);
      const file = await workbookOf([
        [...HEADER, 'initial password'],
        ['imp-short', 'Short', null, null, null, null, 'short-pw-1'],
        ['imp-common', 'Common', null, null, null, null, 'Password1234'],
        ['imp-good', 'Good', null, null, null, null, 'a-long-enough-one-1'],
      ]);
      const response = await upload(org.id, file);
      expect(response.statusCode).toBe(400);
      expect(rowErrors(response.body)).toEqual([
        { row: 2, field: 'initial password', reason: 'The password must have at least 12 characters' },
        { row: 3, field: 'initial password', reason: expect.stringMatching(/too common/) },
      ]);
      expect(await usersIn(org.id)).toEqual([]);
    } finally {
      await restoreDefaultSettings(t);
    }
  });

  it('refuses what is not an importable workbook: 400 for a bad file or header, 415 for JSON, 404 for an unknown organisation', async () => {
    const org = await makeOrg(t);
    const before = await userCount(t);
    const notXlsx = await upload(org.id, Buffer.from('username,name\nx,y\n'));
    expect(notXlsx.statusCode).toBe(400);
    expect(rowErrors(notXlsx.body)[0]).toMatchObject({ row: 0, field: 'file' });
    const noHeader = await upload(
      org.id,
      await workbookOf([
        ['login', 'full name'],
        ['imp-x', 'X'],
      ]),
    );
    expect(noHeader.statusCode).toBe(400);
    expect(rowErrors(noHeader.body)).toEqual([
      { row: 1, field: 'username', reason: 'the header row has no "username" column' },
      { row: 1, field: 'name', reason: 'the header row has no "name" column' },
    ]);
    const empty = await upload(org.id, await workbookOf([HEADER]));
    expect(empty.statusCode).toBe(400);
    const json = await admin({ method: 'POST', url: `/v1/org/${org.id}/users/files/excel`, payload: { username: 'x' } });
    expect(json.statusCode).toBe(415);
    const noFile = await admin({
      method: 'POST',
      url: `/v1/org/${org.id}/users/files/excel`,
      ...multipartUpload(Buffer.from('x'), 'other'),
    });
    expect(noFile.statusCode).toBe(400);
    const ghost = await upload('00000000-0000-4000-8000-000000000000', await workbookOf([HEADER, ['imp-ghost', 'Ghost']]));
    expect(ghost.statusCode).toBe(404);
    expect((await upload(org.id, await workbookOf([HEADER, ['imp-q', 'Q']]), '?mode=merge')).statusCode).toBe(400);
    expect(await userCount(t)).toBe(before);
  });

  it('refuses a file over the size limit with a 413', async () => {
    const org = await makeOrg(t);
    const response = await upload(org.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(response.statusCode).toBe(413);
  });

  it('accepts the workbook as the raw request body too', async () => {
    const org = await makeOrg(t);
    const response = await admin({
      method: 'POST',
      url: `/v1/org/${org.id}/users/files/excel`,
      payload: await workbookOf([HEADER, ['imp-raw', 'Raw']]),
      headers: { 'content-type': XLSX_CONTENT_TYPE },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await usersIn(org.id)).map((u) => u.username)).toEqual(['imp-raw']);
  });

  it('refuses rows joining a group whose roles the caller could not grant (403), writing nothing', async () => {
    const manager = await signedInWithRoles(t, [(await makeRole(t, { resources: [USER_PAGE] })).id]);
    const org = await makeOrg(t);
    const strong = await makeGroup(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:roleManage'] })).id] });
    const response = await upload(
      org.id,
      await workbookOf([HEADER, ['imp-strong', 'Strong', null, null, null, strong.code]]),
      '',
      callAs(t, manager.headers),
    );
    expect(response.statusCode).toBe(403);
    expect(await usersIn(org.id)).toEqual([]);
  });
});

describe('export and the round trip', () => {
  let phoneSequence = 0;
  async function populatedOrg() {
    const org = await makeOrg(t);
    const child = await makeOrg(t, { parent: org });
    const position = await makePosition(t, { orgId: org.id });
    const group = await makeGroup(t);
    const tag = Math.random().toString(36).slice(2, 7);
    const phone = `+1 555 ${1000 + ++phoneSequence}`;
    const file = await workbookOf([
      HEADER,
      [`rt-${tag}-a`, 'Round A', `a-${tag}@example.org`, phone, position.code, group.code],
      [`rt-${tag}-b`, 'Round B', null, null, null, null],
    ]);
    expect((await upload(org.id, file)).statusCode).toBe(200);
    expect((await upload(child.id, await workbookOf([HEADER, [`rt-${tag}-c`, 'Round C']]))).statusCode).toBe(200);
    return { org, child, position, group, tag, phone };
  }

  it("exports the organisation's users in the template's columns, with the subtree on request", async () => {
    const { org, position, group, tag, phone } = await populatedOrg();
    const response = await exportOf(org.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="users-${org.code}.xlsx"`);
    expect(await rowsOf(response.rawPayload)).toEqual([
      HEADER,
      [`rt-${tag}-a`, 'Round A', `a-${tag}@example.org`, phone, position.code, group.code],
      [`rt-${tag}-b`, 'Round B', '', '', '', ''],
    ]);
    const subtree = await rowsOf((await exportOf(org.id, '?subtree=true')).rawPayload);
    expect(subtree.map((row) => row[0])).toEqual(['username', `rt-${tag}-a`, `rt-${tag}-b`, `rt-${tag}-c`]);
    expect((await exportOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await exportOf(org.id, '?subtree=perhaps')).statusCode).toBe(400);
  });

  it('moves the exported users into another organisation with mode=upsert (create mode refuses them)', async () => {
    const { org, position, group } = await populatedOrg();
    const target = await makeOrg(t);
    const exported = (await exportOf(org.id)).rawPayload;
    const created = await upload(target.id, exported);
    expect(created.statusCode).toBe(400);
    expect(rowErrors(created.body).map((e) => [e.row, e.field])).toEqual([
      [2, 'username'],
      [3, 'username'],
    ]);
    const before = await userCount(t);
    const moved = await upload(target.id, exported, '?mode=upsert');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ imported: 2, updated: 2 });
    expect(await userCount(t)).toBe(before);
    expect(await usersIn(org.id)).toEqual([]);
    const arrived = await rowsOf((await exportOf(target.id)).rawPayload);
    expect(arrived).toEqual(await rowsOf(exported));
    expect(arrived[1]?.slice(4)).toEqual([position.code, group.code]);
  });

  it('recreates deleted users in another organisation from the export, in create mode', async () => {
    const { org } = await populatedOrg();
    const target = await makeOrg(t);
    const exported = (await exportOf(org.id)).rawPayload;
    for (const user of await usersIn(org.id)) expect((await admin({ method: 'DELETE', url: `/users/${user.id}` })).statusCode).toBe(200);
    const response = await upload(target.id, exported);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, updated: 0 });
    expect(await rowsOf((await exportOf(target.id)).rawPayload)).toEqual(await rowsOf(exported));
  });
});
