import type { DomImportRow } from '@portal/contracts';
import { readSheet, writeSheets } from '../../../../platform/excel/sheet.ts';
import type { NumberedRow } from './import.ts';

type Column = 'path' | 'type' | 'title' | 'icon' | 'api';

const HEADERS: Record<Column, string> = { path: 'Path', type: 'Type', title: 'Title', icon: 'Icon', api: 'API' };
const DOM_ROWS = { rows: 2000, noun: 'nodes' };

/** The template: the columns and two example rows (a page, and a permission point on it). */
export const domTemplate = () =>
  writeSheets([
    {
      name: 'Resources',
      columns: [
        { header: HEADERS.path, width: 30, text: true },
        { header: HEADERS.type, width: 10 },
        { header: HEADERS.title, width: 24 },
        { header: HEADERS.icon, width: 18 },
        { header: HEADERS.api, width: 48 },
      ],
      rows: [
        ['orders', 'path', 'Orders', 'ShoppingOutlined', null],
        ['orders:export', 'element', 'Export', null, 'GET:/api/orders/export POST:/api/orders/report'],
      ],
    },
  ]);

/** The rows of an uploaded sheet, by sheet row number; several calls in one cell are separated by spaces or commas. */
export async function domSheetRows(bytes: Buffer): Promise<NumberedRow[]> {
  const rows = await readSheet<Column>(bytes, { headers: HEADERS, required: ['path', 'type', 'title'], limit: DOM_ROWS });
  return rows.map(({ row, cells }) => ({
    row,
    input: {
      path: cells.path ?? '',
      type: (cells.type?.toLowerCase() ?? '') as DomImportRow['type'],
      title: cells.title ?? '',
      ...(cells.icon ? { icon: cells.icon } : {}),
      api: cells.api ? cells.api.split(/[\s,]+/).filter(Boolean) : [],
    },
  }));
}
