import { USER_EXCEL_COLUMNS, USER_EXCEL_PASSWORD_COLUMN, type UserImportRowError } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../../../../platform/errors.ts';
import { assertWorkbookWithinLimits } from './zip-guard.ts';

/** The fields of a sheet row, by the column that holds them. */
export type ColumnKey = 'username' | 'name' | 'email' | 'phone' | 'positionCodes' | 'groupCodes' | 'initialPassword';
const KEYS: ColumnKey[] = ['username', 'name', 'email', 'phone', 'positionCodes', 'groupCodes'];

/** Headers are matched ignoring case, spaces, '_' and '-': 'Position codes', 'position_codes', 'positionCodes'. */
const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');
const HEADER_KEYS = new Map<string, ColumnKey>([
  ...USER_EXCEL_COLUMNS.map((header, i) => [normalise(header), KEYS[i] as ColumnKey] as const),
  [normalise(USER_EXCEL_PASSWORD_COLUMN), 'initialPassword'],
]);

export interface SheetRow {
  /** 1-based row number in the sheet, as a spreadsheet program shows it. */
  row: number;
  cells: Partial<Record<ColumnKey, string>>;
}

/** The row exported for a user, and the example row of the template. */
export interface UserSheetRow {
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  positionCodes: string[];
  groupCodes: string[];
}

const invalid = (message: string, rows: UserImportRowError[]) => new AppError('VALIDATION_FAILED', message, { rows });

/** A workbook with the header row and one row per user, in the columns of the template. */
export async function writeUserSheet(rows: UserSheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.columns = USER_EXCEL_COLUMNS.map((header) => ({ header, width: header.length < 12 ? 24 : 32 }));
  sheet.getRow(1).font = { bold: true };
  // Text, so a spreadsheet program keeps a phone number's leading '+' and zeros.
  sheet.getColumn(4).numFmt = '@';
  for (const user of rows) {
    sheet.addRow([user.username, user.name, user.email ?? '', user.phone ?? '', user.positionCodes.join(','), user.groupCodes.join(',')]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first worksheet of an uploaded workbook as rows of text, keyed by their column's header. */
export async function readUserSheet(bytes: Buffer): Promise<SheetRow[]> {
  // Before the parser inflates it all in memory: the row cap and the unpacked size, as really unpacked.
  await assertWorkbookWithinLimits(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw invalid('The file is not a readable .xlsx workbook', [{ row: 0, field: 'file', reason: 'not a readable .xlsx workbook' }]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalid('The workbook has no worksheet', [{ row: 0, field: 'file', reason: 'no worksheet' }]);

  const columns = new Map<number, ColumnKey>();
  sheet.getRow(1).eachCell((cell, column) => {
    const key = HEADER_KEYS.get(normalise(textOf(cell)));
    if (key) columns.set(column, key);
  });
  const found = new Set(columns.values());
  const missing = (['username', 'name'] as const).filter((key) => !found.has(key));
  if (missing.length > 0) {
    const reasons = missing.map((key) => ({ row: 1, field: key, reason: `the header row has no "${key}" column` }));
    throw invalid(`The header row must name the columns: ${USER_EXCEL_COLUMNS.join(', ')}`, reasons);
  }

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: SheetRow['cells'] = {};
    for (const [column, key] of columns) {
      const text = textOf(row.getCell(column)).trim();
      if (text) cells[key] = text;
    }
    if (Object.keys(cells).length > 0) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** A cell's shown text (a hyperlinked e-mail's text, a number as written); never throws on odd content. */
function textOf(cell: ExcelJS.Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}
