import { AccountPhone, AccountUsername, type UserImportRowError } from '@portal/contracts';
import type { SheetRow, UserSheetRow } from './sheet.ts';

/** A row that passed the checks of its own cells. */
export interface ImportRow extends UserSheetRow {
  row: number;
  initialPassword: string | null;
}

// The same rules as the create form and POST /users (UserInput), taken from the field schemas themselves.
/** The `pattern` of a string schema (TypeBox's TString type does not declare it). */
function patternOf(schema: object): RegExp {
  const { pattern } = schema as { pattern?: string };
  if (!pattern) throw new Error('an account field schema lost the pattern the import relies on');
  return new RegExp(pattern);
}
const USERNAME = patternOf(AccountUsername);
const PHONE = patternOf(AccountPhone);
// The "email" format of the API's validator (ajv-formats, fast mode).
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_CODES = 50;

/** Codes in one cell, separated by commas, semicolons or spaces. */
const codesOf = (cell: string | undefined) => [...new Set((cell ?? '').split(/[\s,;]+/).filter(Boolean))];

/** Checks each row's own cells, then duplicates between rows of the file. Every problem is reported, not just the first. */
export function checkRows(sheetRows: SheetRow[]): { rows: ImportRow[]; errors: UserImportRowError[] } {
  const errors: UserImportRowError[] = [];
  const rows: ImportRow[] = [];
  for (const { row, cells } of sheetRows) {
    const fail = (field: string, reason: string) => errors.push({ row, field, reason });
    const username = cells.username ?? '';
    const name = cells.name ?? '';
    if (!username) fail('username', 'missing username');
    else if (username.length < 3 || username.length > 64 || !USERNAME.test(username)) {
      fail('username', 'username must be 3 to 64 letters, digits or _ . @ -');
    }
    if (!name) fail('name', 'missing name');
    else if (name.length > 100) fail('name', 'name is longer than 100 characters');
    const email = cells.email ?? null;
    if (email && (email.length > 254 || !EMAIL.test(email))) fail('email', `invalid email "${email.slice(0, 60)}"`);
    const phone = cells.phone ?? null;
    if (phone && !PHONE.test(phone)) fail('phone', `invalid phone "${phone.slice(0, 30)}"`);
    const initialPassword = cells.initialPassword ?? null;
    if (initialPassword && (initialPassword.length < 8 || initialPassword.length > 128)) {
      fail('initial password', 'the initial password must be 8 to 128 characters');
    }
    const positionCodes = codesOf(cells.positionCodes);
    const groupCodes = codesOf(cells.groupCodes);
    for (const [field, codes] of [
      ['position codes', positionCodes],
      ['group codes', groupCodes],
    ] as const) {
      if (codes.length > MAX_CODES) fail(field, `more than ${MAX_CODES} codes`);
      for (const code of codes.filter((c) => !CODE.test(c))) fail(field, `invalid code "${code.slice(0, 64)}"`);
    }
    rows.push({ row, username, name, email, phone, positionCodes, groupCodes, initialPassword });
  }
  errors.push(...duplicatesWithinFile(rows));
  return { rows, errors };
}

/** A username, e-mail or phone given twice in the file: the later rows are reported, naming the first. */
function duplicatesWithinFile(rows: ImportRow[]): UserImportRowError[] {
  const errors: UserImportRowError[] = [];
  const keys: [string, (row: ImportRow) => string | null][] = [
    ['username', (r) => r.username.toLowerCase() || null],
    ['email', (r) => r.email?.toLowerCase() ?? null],
    ['phone', (r) => r.phone],
  ];
  for (const [field, keyOf] of keys) {
    const firstRow = new Map<string, number>();
    for (const row of rows) {
      const key = keyOf(row);
      if (!key) continue;
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, row.row);
      else errors.push({ row: row.row, field, reason: `duplicate ${field} within the file (first in row ${first})` });
    }
  }
  return errors;
}
