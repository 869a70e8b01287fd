import { apiErrorOf } from './apiErrors.ts';

/** A file refused before it is sent (not JSON, no rows…): its message, already in the user's language, is shown as it is. */
export class FileRefusedError extends Error {}

/** One problem found in an uploaded sheet: its row number (as in the spreadsheet), the column, what is wrong. */
export interface ImportErrorRow {
  row: number | string;
  field?: string;
  message: string;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const rowNumber = (entry: Loose): number | string =>
  typeof entry.row === 'number' || typeof entry.row === 'string' ? entry.row : typeof entry.line === 'number' ? entry.line : '?';

/**
 * One `details.rows` entry as error rows. The server sends `{ row, field, reason }`
 * (UserImportRowError); `message`/`column` spellings and `{ row, errors: [...] }` are read too.
 */
function rowsOfEntry(entry: unknown): ImportErrorRow[] {
  if (!isObject(entry)) return [];
  const row = rowNumber(entry);
  if (Array.isArray(entry.errors)) {
    return entry.errors.flatMap((problem): ImportErrorRow[] => {
      if (typeof problem === 'string') return [{ row, message: problem }];
      if (!isObject(problem)) return [];
      const field = text(problem.field) ?? text(problem.column);
      const message = text(problem.message) ?? '';
      return [{ row, message, ...(field ? { field } : {}) }];
    });
  }
  const field = text(entry.field) ?? text(entry.column);
  const message = text(entry.message) ?? text(entry.reason) ?? '';
  return [{ row, message, ...(field ? { field } : {}) }];
}

/**
 * The per-row problems of a refused import: a 400 answer whose `details.rows` lists them. Null
 * when the failure is of another kind (then its message is all there is to show).
 */
export function importErrorRows(error: unknown): ImportErrorRow[] | null {
  const body = apiErrorOf(error);
  if (!body || body.status !== 400 || !Array.isArray(body.details?.rows)) return null;
  return body.details.rows.flatMap(rowsOfEntry);
}
