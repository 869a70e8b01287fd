import { createInflateRaw } from 'node:zlib';
import { AppError } from '../errors.ts';
import { createElementCounter } from './sheet-elements.ts';
import { packedData, readZipDirectory, UnreadableZip, Zip64Archive, type ZipEntry } from './zip-directory.ts';

/**
 * What an uploaded .xlsx (a zip archive) may unpack to. A thousand rows with a handful of columns
 * filled take about 1 MiB of sheet XML; a template's styles and theme about 10 KiB. The limits leave
 * room for spreadsheet programs' extras and keep a workbook parser, which holds the whole unpacked
 * workbook and an object per cell, far from exhausting memory.
 */
export const ZIP_LIMITS = { entries: 2_000, uncompressedBytes: 16 * 1024 * 1024 };

/** How many data rows an import takes, and what one row is (for the refusal's message: "at most 1000 users"). */
export interface RowLimit {
  rows: number;
  noun: string;
}

/** Cells across all worksheets: a hundred per data row, far more than any template's columns. */
export const cellLimitOf = (limit: RowLimit) => 100 * limit.rows;

const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

const refused = (reason: string, message = `The file cannot be imported: ${reason}`) =>
  new AppError('VALIDATION_FAILED', message, { rows: [{ row: 0, field: 'file', reason }] });
const unreadable = () => refused('not a readable .xlsx workbook');
const tooLarge = () => refused('the archive is too large when unpacked');
// The header row and one row per record; an empty row that a spreadsheet program kept for its formatting counts too.
const tooManyRows = (limit: RowLimit) => refused(`more than ${limit.rows} rows`, `A file can hold at most ${limit.rows} ${limit.noun}`);
const tooManyCells = (limit: RowLimit) => refused(`more than ${cellLimitOf(limit)} cells`);

function directoryOf(bytes: Buffer): ZipEntry[] {
  try {
    return readZipDirectory(bytes, ZIP_LIMITS.entries);
  } catch (error) {
    if (error instanceof Zip64Archive) throw tooLarge();
    if (error instanceof UnreadableZip) throw unreadable();
    throw error;
  }
}

/**
 * Refuses an archive that declares too many entries or unpacked bytes, from its central directory
 * alone. Cheap, but a declared size is the sender's word: {@link assertWorkbookWithinLimits} also
 * counts what the entries really inflate to.
 */
export function assertZipWithinLimits(bytes: Buffer): ZipEntry[] {
  const entries = directoryOf(bytes);
  if (entries.length > ZIP_LIMITS.entries) throw refused(`the archive holds more than ${ZIP_LIMITS.entries} entries`);
  let declared = 0;
  for (const entry of entries) {
    declared += entry.declaredSize;
    if (declared > ZIP_LIMITS.uncompressedBytes) throw tooLarge();
  }
  return entries;
}

/**
 * Inflates every entry as a stream, keeping nothing, and stops as soon as the bytes actually
 * unpacked pass the limit, a worksheet passes the row cap, or the worksheets pass the cell cap:
 * what the workbook parser would have to hold is known before it runs, whatever the archive declares.
 */
export async function assertWorkbookWithinLimits(bytes: Buffer, limit: RowLimit): Promise<void> {
  let unpacked = 0;
  let cells = 0;
  for (const entry of assertZipWithinLimits(bytes)) {
    if ((entry.flags & ENCRYPTED_FLAG) !== 0 || (entry.method !== STORED && entry.method !== DEFLATED)) throw unreadable();
    let data: Buffer;
    try {
      data = packedData(bytes, entry);
    } catch {
      throw unreadable();
    }
    const counter = WORKSHEET.test(entry.name) ? createElementCounter() : undefined;
    const take = (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > ZIP_LIMITS.uncompressedBytes) throw tooLarge();
      if (!counter) return;
      const before = counter.count.cells;
      counter.feed(chunk);
      cells += counter.count.cells - before;
      if (counter.count.rows > limit.rows + 1) throw tooManyRows(limit);
      if (cells > cellLimitOf(limit)) throw tooManyCells(limit);
    };
    if (entry.method === STORED) take(data);
    else await inflateEach(data, take);
  }
}

/** Inflates raw deflate data as a stream, handing each chunk to `take` (which may throw to stop). */
async function inflateEach(data: Buffer, take: (chunk: Buffer) => void): Promise<void> {
  const inflate = createInflateRaw();
  inflate.end(data);
  try {
    // Leaving the loop early (a throw from `take`) destroys the stream: inflating stops there.
    for await (const chunk of inflate) take(chunk as Buffer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
