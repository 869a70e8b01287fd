import { USER_EXCEL_COLUMNS, USER_EXCEL_PASSWORD_COLUMN } from '@portal/contracts';
import { readSheet, writeSheets, type SheetRow as PlainSheetRow } from '../../../../../platform/excel/sheet.ts';
import { cellLimitOf, type RowLimit } from '../../../../../platform/excel/zip-guard.ts';

/** The fields of a sheet row, by the column that holds them. */
export type ColumnKey = 'username' | 'name' | 'email' | 'phone' | 'positionCodes' | 'groupCodes' | 'initialPassword';
const KEYS = ['username', 'name', 'email', 'phone', 'positionCodes', 'groupCodes'] as const;

/** At most this many user rows per file: each new user's password is hashed (argon2id, ~20 ms each). */
export const MAX_IMPORT_ROWS = 1000;
const USER_ROWS: RowLimit = { rows: MAX_IMPORT_ROWS, noun: 'users' };
/** Cells across all worksheets of a user file. */
export const MAX_SHEET_CELLS = cellLimitOf(USER_ROWS);

const HEADERS = {
  ...(Object.fromEntries(KEYS.map((key, i) => [key, USER_EXCEL_COLUMNS[i] as string])) as Record<(typeof KEYS)[number], string>),
  initialPassword: USER_EXCEL_PASSWORD_COLUMN,
};

export type SheetRow = PlainSheetRow<ColumnKey>;

/** The row exported for a user, and the example row of the template. */
export interface UserSheetRow {
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  positionCodes: string[];
  groupCodes: string[];
}

/** A workbook with the header row and one row per user, in the columns of the template. */
export function writeUserSheet(rows: UserSheetRow[]): Promise<Buffer> {
  return writeSheets([
    {
      name: 'users',
      // Text for the phone column, so a spreadsheet program keeps its leading '+' and zeros.
      columns: USER_EXCEL_COLUMNS.map((header, i) => ({ header, width: header.length < 12 ? 24 : 32, text: i === 3 })),
      rows: rows.map((user) => [user.username, user.name, user.email, user.phone, user.positionCodes.join(','), user.groupCodes.join(',')]),
    },
  ]);
}

/** The first worksheet of an uploaded workbook as rows of text, keyed by their column's header. */
export const readUserSheet = (bytes: Buffer): Promise<SheetRow[]> =>
  readSheet<ColumnKey>(bytes, { headers: HEADERS, required: ['username', 'name'], limit: USER_ROWS });
