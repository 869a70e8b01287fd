import { CLASSIFICATION_EXCEL_COLUMNS, CLASSIFICATION_IMPORT_MAX_ROWS, type ClassificationImportResult } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { badRows, readSheet, sheetRefused, writeSheets } from '../../../platform/excel/sheet.ts';
import { messageClassifications as classifications } from '../tables.ts';
import { checkClassificationRows, namesTaken, type ClassificationColumn, type ClassificationRow } from './import-rows.ts';
import { CLASSIFICATIONS_CHANGED_TOPIC } from './service.ts';

const CHUNK = 1000;
const HEADERS = Object.fromEntries(CLASSIFICATION_EXCEL_COLUMNS.map((column) => [column, column])) as Record<ClassificationColumn, string>;
const LAYOUT = {
  headers: HEADERS,
  required: ['code', 'name'] as const,
  limit: { rows: CLASSIFICATION_IMPORT_MAX_ROWS, noun: 'classifications' },
};

/** What the template's notes sheet says, one line a row. */
const NOTES = [
  'Fill in one classification per row of the first sheet, below its header row; the example row may be replaced.',
  'code: required, unique, at most 64 letters, digits and _ . - (e.g. order.shipped).',
  'name: required, unique, at most 100 characters.',
  'description: optional, at most 500 characters.',
  'sort: optional whole number; smaller ones are listed first (0 when empty).',
  'A code that already exists updates that classification: its name from the row, its description and sort when the cells are filled.',
  `At most ${CLASSIFICATION_IMPORT_MAX_ROWS} rows per file. Every row is checked first: if any row is refused, nothing is imported and every refused row is listed with its reason.`,
];

/** The import template: the header row and an example row, and a sheet of notes. */
export const classificationTemplate = () =>
  writeSheets([
    {
      name: 'classifications',
      columns: CLASSIFICATION_EXCEL_COLUMNS.map((header) => ({
        header,
        width: header === 'description' ? 48 : 24,
        text: header === 'code',
      })),
      rows: [['order.shipped', 'Order shipped', 'Sent when an order leaves the warehouse', 10]],
    },
    { name: 'notes', columns: [{ header: 'notes', width: 120 }], rows: NOTES.map((note) => [note]) },
  ]);

/**
 * POST /v1/classifications/import: every row is checked first (its cells, duplicates in the file,
 * names other classifications keep) and all problems are reported together; only a file without
 * any is written, in one transaction. A new code creates a classification, an existing one updates it.
 */
export async function importClassifications(db: Db, actor: AuditActor, bytes: Buffer): Promise<ClassificationImportResult> {
  const { rows, errors } = checkClassificationRows(await readSheet(bytes, LAYOUT));
  if (rows.length === 0) {
    throw sheetRefused('The file holds no classification rows', [
      { row: 0, field: 'file', reason: 'no classification rows below the header' },
    ]);
  }

  return uniqueAsConflict(
    () =>
      transaction(db, async (tx) => {
        // Read inside the transaction: a row created meanwhile is then either seen or a unique violation (409).
        const existing = await tx.select().from(classifications);
        errors.push(...namesTaken(rows, existing));
        if (errors.length > 0) throw badRows(errors);
        const byCode = new Map(existing.map((row) => [row.code, row]));
        const updates = rows.filter((row) => byCode.has(row.code));
        const creates = rows.filter((row) => !byCode.has(row.code));
        await updateExisting(tx, updates);
        for (let i = 0; i < creates.length; i += CHUNK) {
          const chunk = creates.slice(i, i + CHUNK);
          await tx
            .insert(classifications)
            .values(chunk.map(({ code, name, description, sort }) => ({ code, name, description, sort: sort ?? 0 })));
        }
        await recordAudit(tx, actor, {
          action: 'classifications.import',
          targetType: 'classification',
          before: { updated: updates.map((row) => byCode.get(row.code)) },
          after: { created: creates.map((row) => row.code), updated: updates.map((row) => row.code) },
        });
        tx.afterCommit(CLASSIFICATIONS_CHANGED_TOPIC);
        return { created: creates.length, updated: updates.length };
      }),
    'A classification',
  );
}

/** Existing classifications (by code) from their rows; empty description and sort cells keep what they have. */
async function updateExisting(tx: Db, updates: ClassificationRow[]): Promise<void> {
  if (updates.length === 0) return;
  // Names may move between the classifications of the file: park them first, so no statement meets the old ones.
  for (let i = 0; i < updates.length; i += CHUNK) {
    const codes = updates.slice(i, i + CHUNK).map((row) => row.code);
    await tx
      .update(classifications)
      .set({ name: sql`'\u0001' || ${classifications.id}::text` })
      .where(inArray(classifications.code, codes));
  }
  for (let i = 0; i < updates.length; i += CHUNK) {
    const values = sql.join(
      updates.slice(i, i + CHUNK).map((row) => sql`(${row.code}::text, ${row.name}::text, ${row.description}::text, ${row.sort}::integer)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${classifications} as c
      set name = v.name, description = coalesce(v.description, c.description), sort = coalesce(v.sort, c.sort), updated_at = now()
      from (values ${values}) as v(code, name, description, sort)
      where c.code = v.code`);
  }
}
