import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { multipartFiles } from './uploads.ts';
import { users } from '../../src/modules/permission/tables.ts';
import { bearer, createUser, tokensFor, type TestApp } from '../app.ts';

/**
 * What only the user-administration tests need; the shared factories (organisations, roles,
 * callers, audit entries) are in identity.ts.
 */
export const USER_PAGE = 'systemManage:organizationManage:user';

/** A user holding these roles directly, signed in: their row, password and bearer headers. */
export async function signedInWithRoles(t: TestApp, roleIds: string[]) {
  const user = await createUser(t, { roleIds });
  const tokens = await tokensFor(t, user.username, user.password);
  return { user, tokens, headers: bearer(tokens.access_token) };
}

export async function userCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

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
export const multipartUpload = (bytes: Buffer, part = 'file') =>
  multipartFiles([
    { field: part, filename: 'users.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes },
  ]);
