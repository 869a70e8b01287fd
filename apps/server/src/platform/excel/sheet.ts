import type { Buffer as ExcelBuffer, Cell } from 'exceljs';
import { AppError } from '../errors.ts';
import { assertWorkbookWithinLimits, type RowLimit } from './zip-guard.ts';

/**
 * A new workbook, the library loaded the first time one is needed: exceljs adds about 27 MB to the
 * server's memory, which a server importing or exporting no sheet should not carry from start-up.
 */
async function newWorkbook() {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

/** One refused row of an import, in `details.rows` of the 400 VALIDATION_FAILED answer (row 0: the file itself). */
export interface SheetRowError {
  /** 1-based row number of the sheet, as a spreadsheet program shows it (the header is row 1). */
  row: number;
  field: string;
  reason: string;
}

/** A data row of a sheet: its number and the text of its non-empty cells, by the column's key. */
export interface SheetRow<Key extends string> {
  row: number;
  cells: Partial<Record<Key, string>>;
}

/** How a sheet's columns are found: by header (matched ignoring case, spaces, '_' and '-'), some of them required. */
export interface SheetLayout<Key extends string> {
  /** The header of each key as the template writes it; `aliases` are other headers taken for the same key. */
  headers: Record<Key, string>;
  aliases?: Partial<Record<string, Key>>;
  required: readonly Key[];
  limit: RowLimit;
}

/** 'Position codes', 'position_codes' and 'positionCodes' are one header. */
const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

export const sheetRefused = (message: string, rows: SheetRowError[]) => new AppError('VALIDATION_FAILED', message, { rows });

/** A 400 listing every refused row, in sheet order (the first 500), saying nothing was written. */
export const badRows = (errors: SheetRowError[]) =>
  sheetRefused(`${new Set(errors.map((e) => e.row)).size} row(s) of the file cannot be imported; nothing was imported`, [
    ...[...errors].sort((a, b) => a.row - b.row).slice(0, 500),
  ]);

/**
 * The first worksheet of an uploaded workbook as rows of text, keyed by their column's header.
 * The archive is checked against the limits before the parser inflates it in memory; a file that
 * is not a workbook, or whose header row lacks a required column, is refused naming why.
 */
export async function readSheet<Key extends string>(bytes: Buffer, layout: SheetLayout<Key>): Promise<SheetRow<Key>[]> {
  await assertWorkbookWithinLimits(bytes, layout.limit);
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelBuffer);
  } catch {
    throw sheetRefused('The file is not a readable .xlsx workbook', [{ row: 0, field: 'file', reason: 'not a readable .xlsx workbook' }]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw sheetRefused('The workbook has no worksheet', [{ row: 0, field: 'file', reason: 'no worksheet' }]);

  const keyOf = new Map<string, Key>([
    ...(Object.entries(layout.headers) as [Key, string][]).map(([key, header]) => [normalise(header), key] as const),
    ...Object.entries(layout.aliases ?? {}).map(([header, key]) => [normalise(header), key as Key] as const),
  ]);
  const columns = new Map<number, Key>();
  sheet.getRow(1).eachCell((cell, column) => {
    const key = keyOf.get(normalise(textOf(cell)));
    if (key) columns.set(column, key);
  });
  const found = new Set(columns.values());
  const missing = layout.required.filter((key) => !found.has(key));
  if (missing.length > 0) {
    const reasons = missing.map((key) => ({ row: 1, field: key, reason: `the header row has no "${layout.headers[key]}" column` }));
    throw sheetRefused(`The header row must name the columns: ${Object.values(layout.headers).join(', ')}`, reasons);
  }

  const rows: SheetRow<Key>[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: SheetRow<Key>['cells'] = {};
    for (const [column, key] of columns) {
      const text = textOf(row.getCell(column)).trim();
      if (text) cells[key] = text;
    }
    if (Object.keys(cells).length > 0) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** A cell's shown text (a hyperlinked e-mail's text, a number as written); never throws on odd content. */
function textOf(cell: Cell): string {
  try {
    return cell.text ?? '';
  } catch {
    return '';
  }
}

/** A worksheet written by {@link writeSheet}: its name, columns (header and width) and rows of cells. */
export interface SheetSpec {
  name: string;
  columns: { header: string; width: number; text?: boolean }[];
  rows: (string | number | null)[][];
}

/**
 * A workbook of these worksheets, each with a bold header row. A column marked `text` is formatted
 * as text, so a spreadsheet program keeps a phone number's leading '+' and zeros.
 */
export async function writeSheets(sheets: SheetSpec[]): Promise<Buffer> {
  const workbook = await newWorkbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name);
    sheet.columns = spec.columns.map(({ header, width }) => ({ header, width }));
    sheet.getRow(1).font = { bold: true };
    spec.columns.forEach((column, i) => {
      if (column.text) sheet.getColumn(i + 1).numFmt = '@';
    });
    for (const row of spec.rows) sheet.addRow(row.map((cell) => cell ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
