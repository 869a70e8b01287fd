import { USER_EXCEL_COLUMNS, type UserImportRowError } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles, users } from '../../../tables.ts';
import { registerApplication, userHolding } from '../../../../../../test/factories/applications.ts';
import { makeGroup, snapshot, tokenOf, useAdminApp } from '../../../../../../test/factories/identity.ts';
import { multipartUpload, rowsOf, workbookOf } from '../../../../../../test/factories/users.ts';
import { apiAs, makeUser } from '../../../../../../test/factories/identity.ts';
import { bearer } from '../../../../../../test/app.ts';

const { t, api, admin } = useAdminApp();
const HEADER = [...USER_EXCEL_COLUMNS];
const MISSING = '00000000-0000-4000-8000-000000000000';
const POINT = 'applicationManage:application:users';

const upload = (applicationId: string, bytes: Buffer, query = '', headers?: Record<string, string>) =>
  admin({ method: 'POST', url: `/users/application/${applicationId}/import${query}`, ...withHeaders(multipartUpload(bytes), headers) });
const withHeaders = (request: { headers: Record<string, string>; payload: unknown }, headers?: Record<string, string>) => ({
  ...request,
  headers: { ...request.headers, ...headers },
});
const exportOf = (applicationId: string) => admin({ method: 'GET', url: `/users/application/${applicationId}/export` });
const instantsSeenBy = async (user: { username: string; password: string }) =>
  (await apiAs(t, await tokenOf(t, user)).get('/applications/self')).json().map((app: { instant: string }) => app.instant);

describe("an application's users", () => {
  it('are imported (new users created, existing ones authorised in upsert mode), see the application, and are exported', async () => {
    const app = await registerApplication(api);
    const group = await makeGroup(t);
    const existing = await makeUser(t);
    expect(await instantsSeenBy(existing)).not.toContain(app.instant);
    const file = await workbookOf([
      [...HEADER, 'initial password'],
      ['appimp-ann', 'Ann', 'appimp-ann@example.org', null, null, group.code, 'chosen-password-1'],
      [existing.username, 'Renamed', null, null, null, null, null],
    ]);
    expect((await upload(app.id, file)).statusCode).toBe(400);
    const response = await upload(app.id, file, '?mode=upsert');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, updated: 1 });

    // Ann must choose a new password before signing in: what the portal decides for her is read as an administrator.
    const [ann] = await t.database.db.select().from(users).where(eq(users.username, 'appimp-ann'));
    expect((await api.get(`/users/${ann?.id}/resources`)).json().resources).toContain(app.instant);
    expect(await instantsSeenBy(existing)).toContain(app.instant);

    const exported = await exportOf(app.id);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="users-${app.instant}.xlsx"`);
    const rows = await rowsOf(exported.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual(
      [
        ['appimp-ann', 'Ann'],
        [existing.username, 'Renamed'],
      ].sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? '')),
    );
    expect(rows.find((row) => row[0] === 'appimp-ann')?.[5]).toBe(group.code);
    // Another application's export lists none of them.
    const other = await registerApplication(api);
    expect((await rowsOf((await exportOf(other.id)).rawPayload)).length).toBe(1);

    // Deleting the application takes its users role with it.
    const usersRole = () =>
      t.database.db
        .select()
        .from(roles)
        .where(eq(roles.code, `application-users-${app.id}`));
    expect(await usersRole()).toHaveLength(1);
    await api.delete(`/applications/${app.id}`);
    expect(await usersRole()).toEqual([]);
  });

  it('refuse a file with a bad row whole, naming each, and change nothing', async () => {
    const app = await registerApplication(api);
    const before = await snapshot(t);
    const file = await workbookOf([
      HEADER,
      ['appimp-good', 'Good', null, null, null, null],
      ['x', 'Too short', 'not-an-email', null, 'NOPE', null],
      ['appimp-good', 'Twice', null, null, null, null],
    ]);
    const refused = await upload(app.id, file);
    expect(refused.statusCode).toBe(400);
    const rows = (refused.json() as { details: { rows: UserImportRowError[] } }).details.rows;
    expect(rows.map((row) => `${row.row}:${row.field}`)).toEqual(
      expect.arrayContaining(['3:username', '3:email', '3:position codes', '4:username']),
    );
    expect(await snapshot(t)).toBe(before);
  });

  it('answer 404 for an application that does not exist, 400 for a bad id, 415 and 413 for what is no workbook', async () => {
    const file = await workbookOf([HEADER, ['appimp-nobody', 'Nobody', null, null, null, null]]);
    expect((await upload(MISSING, file)).statusCode).toBe(404);
    expect((await exportOf(MISSING)).statusCode).toBe(404);
    expect((await exportOf('..%2F..%2Fetc')).statusCode).toBe(400);
    const app = await registerApplication(api);
    const text = await admin({
      method: 'POST',
      url: `/users/application/${app.id}/import`,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await upload(app.id, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect((await upload(app.id, Buffer.from('not a zip'))).statusCode).toBe(400);
  });

  it('are authorised only by an importer who holds the application, and not through the read point of the page', async () => {
    const app = await registerApplication(api);
    const file = await workbookOf([HEADER, ['appimp-victim', 'Victim', null, null, null, null]]);
    // The import point alone does not hold the application's tree: the users role would hand out more than the importer holds.
    const importer = await userHolding(t, [POINT]);
    const before = await snapshot(t);
    const refused = await upload(app.id, file, '', bearer(await tokenOf(t, importer.user)));
    expect(refused.statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    // Holding the point and the application, the same import goes through.
    const holder = await userHolding(t, [POINT, app.instant]);
    expect((await upload(app.id, file, '', bearer(await tokenOf(t, holder.user)))).json()).toEqual({ imported: 1, updated: 0 });
    // A reader of the application page, or its owner without the point, cannot import or export.
    const reader = await userHolding(t, ['applicationManage:application:query']);
    await api.patch(`/applications/${app.id}/owner`, { ownerId: reader.user.id });
    expect((await upload(app.id, file, '?mode=upsert', bearer(await tokenOf(t, reader.user)))).statusCode).toBe(403);
    expect((await reader.api.get(`/users/application/${app.id}/export`)).statusCode).toBe(403);
  });
});
