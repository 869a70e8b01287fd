import { CLASSIFICATION_CODE_PATTERN, CLASSIFICATION_LIMITS as LIMITS } from '@portal/contracts';
import type { SheetRow, SheetRowError } from '../../../platform/excel/sheet.ts';

export type ClassificationColumn = 'code' | 'name' | 'description' | 'sort';

/** A row that passed the checks of its own cells. Empty description and sort cells are null: an update keeps those values. */
export interface ClassificationRow {
  row: number;
  code: string;
  name: string;
  description: string | null;
  sort: number | null;
}

const CODE = new RegExp(CLASSIFICATION_CODE_PATTERN);
const INTEGER = /^[+-]?\d+$/;

/** The same rules as the create form and POST /v1/classifications, for one row's cells; every problem is reported. */
function checkCells({ row, cells }: SheetRow<ClassificationColumn>, fail: (field: string, reason: string) => void): ClassificationRow {
  const code = cells.code ?? '';
  const name = cells.name ?? '';
  if (!code) fail('code', 'missing code');
  else if (code.length > LIMITS.code) fail('code', `code is longer than ${LIMITS.code} characters`);
  else if (!CODE.test(code)) fail('code', 'code may hold only letters, digits and _ . -');
  if (!name) fail('name', 'missing name');
  else if (name.length > LIMITS.name) fail('name', `name is longer than ${LIMITS.name} characters`);
  const description = cells.description ?? null;
  if (description && description.length > LIMITS.description) {
    fail('description', `description is longer than ${LIMITS.description} characters`);
  }
  let sort: number | null = null;
  if (cells.sort !== undefined) {
    sort = INTEGER.test(cells.sort) ? Number(cells.sort) : NaN;
    if (!Number.isSafeInteger(sort) || Math.abs(sort) > LIMITS.sort) {
      fail('sort', `sort must be a whole number between -${LIMITS.sort} and ${LIMITS.sort}`);
    }
  }
  return { row, code, name, description, sort };
}

/** A code or name given twice in the file: the later rows are reported, naming the first. */
function duplicatesWithinFile(rows: ClassificationRow[]): SheetRowError[] {
  const errors: SheetRowError[] = [];
  for (const field of ['code', 'name'] as const) {
    const firstRow = new Map<string, number>();
    for (const row of rows) {
      const key = row[field];
      if (!key) continue;
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, row.row);
      else errors.push({ row: row.row, field, reason: `duplicate ${field} within the file (first in row ${first})` });
    }
  }
  return errors;
}

/** Checks each row's own cells, then duplicates between rows of the file. */
export function checkClassificationRows(sheetRows: SheetRow<ClassificationColumn>[]): {
  rows: ClassificationRow[];
  errors: SheetRowError[];
} {
  const errors: SheetRowError[] = [];
  const rows = sheetRows.map((sheetRow) => checkCells(sheetRow, (field, reason) => errors.push({ row: sheetRow.row, field, reason })));
  errors.push(...duplicatesWithinFile(rows));
  return { rows, errors };
}

/**
 * Names the file gives that another classification keeps: one whose code the file does not name
 * (a classification the file names takes the file's name, so names may move between them).
 */
export function namesTaken(rows: ClassificationRow[], existing: { code: string; name: string }[]): SheetRowError[] {
  const codesInFile = new Set(rows.map((row) => row.code));
  const kept = new Map(existing.filter((other) => !codesInFile.has(other.code)).map((other) => [other.name, other.code]));
  return rows.flatMap((row) => {
    const holder = kept.get(row.name);
    return holder === undefined ? [] : [{ row: row.row, field: 'name', reason: `name is taken by the classification "${holder}"` }];
  });
}
