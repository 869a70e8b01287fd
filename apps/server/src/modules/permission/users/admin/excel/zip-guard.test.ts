import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, MAX_SHEET_CELLS, readUserSheet, writeUserSheet, type UserSheetRow } from './sheet.ts';
import { entryOf, partsOf, repeatedSheet, zipOf, type ArchiveEntry } from './test-archives.ts';
import { assertWorkbookWithinLimits as guard, assertZipWithinLimits, ZIP_LIMITS } from '../../../../../platform/excel/zip-guard.ts';

const assertWorkbookWithinLimits = (bytes: Buffer) => guard(bytes, { rows: MAX_IMPORT_ROWS, noun: 'users' });

const SHEET = 'xl/worksheets/sheet1.xml';
const MiB = 1 << 20;

/** Just the central directory and its end record of an archive declaring `sizes` unpacked bytes per entry. */
function declaredArchive(sizes: number[]): Buffer {
  const entries = sizes.map((size, i) => {
    const name = Buffer.from(`xl/part${i}.xml`);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt32LE(1000, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    return Buffer.concat([header, name]);
  });
  const directory = Buffer.concat(entries);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sizes.length, 8);
  end.writeUInt16LE(sizes.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(0, 16);
  return Buffer.concat([directory, end]);
}

const user = (i: number): UserSheetRow => ({
  username: `user${i}`,
  name: `User ${i}`,
  email: null,
  phone: null,
  positionCodes: [],
  groupCodes: [],
});

/** A real template workbook with its first sheet replaced. */
async function workbookWith(sheet: ArchiveEntry): Promise<Buffer> {
  const parts = partsOf(await writeUserSheet([]));
  return zipOf(parts.map((part) => (part.name === SHEET ? sheet : entryOf(part.name, part.data))));
}

/** Runs `work`, sampling the process's memory every few milliseconds: its outcome and the growth at the peak, in MiB. */
async function peakGrowth(work: () => Promise<unknown>) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 2);
  const outcome = await work().then(
    () => undefined,
    (error: unknown) => error,
  );
  clearInterval(sampler);
  sample();
  return { outcome, rss: (peakRss - before.rss) / MiB, heap: (peakHeap - before.heapUsed) / MiB };
}

const refusal = (reason: RegExp) => ({
  statusCode: 400,
  code: 'VALIDATION_FAILED',
  details: { rows: [{ row: 0, field: 'file', reason: expect.stringMatching(reason) }] },
});

describe('the declared sizes of uploaded workbooks', () => {
  it('lets a real workbook through', async () => {
    expect(() => assertZipWithinLimits(Buffer.from([]))).toThrow(/not a readable/);
    const real = await writeUserSheet([user(1)]);
    expect(() => assertZipWithinLimits(real)).not.toThrow();
    await expect(assertWorkbookWithinLimits(real)).resolves.toBeUndefined();
  });

  it('refuses an archive that declares more unpacked bytes or entries than a user list needs', () => {
    expect(() => assertZipWithinLimits(declaredArchive([1000, 2000]))).not.toThrow();
    expect(() => assertZipWithinLimits(declaredArchive([ZIP_LIMITS.uncompressedBytes, 1]))).toThrow(/too large when unpacked/);
    expect(() => assertZipWithinLimits(declaredArchive([0xffffffff]))).toThrow(/too large when unpacked/);
    expect(() => assertZipWithinLimits(declaredArchive(Array.from({ length: ZIP_LIMITS.entries + 1 }, () => 1)))).toThrow(/entries/);
  });

  it('refuses a truncated central directory, and entries whose data is missing or not deflate', async () => {
    const archive = declaredArchive([10]);
    expect(() => assertZipWithinLimits(archive.subarray(20))).toThrow(/not a readable/);
    // The directory is fine but points at no local header.
    await expect(assertWorkbookWithinLimits(archive)).rejects.toMatchObject(refusal(/not a readable/));
    const garbled = entryOf(SHEET, 'x');
    await expect(assertWorkbookWithinLimits(zipOf([{ ...garbled, compressed: Buffer.from([0xff, 0xff, 0xff]) }]))).rejects.toMatchObject(
      refusal(/not a readable/),
    );
  });
});

describe('a workbook that inflates far beyond the sizes it declares (a zip bomb)', () => {
  it('is refused while inflating, and memory stays flat', async () => {
    // 300 MiB of sheet text in a ~300 KB upload, each part declaring a plausible size.
    const bomb = await workbookWith(await repeatedSheet(SHEET, { block: Buffer.alloc(MiB, 'A'), times: 300 }, 4096));
    expect(bomb.length).toBeLessThan(400_000);
    // The declared sizes are those of a small workbook: a guard trusting them lets it through.
    expect(() => assertZipWithinLimits(bomb)).not.toThrow();

    const growth = await peakGrowth(() => readUserSheet(bomb));
    console.log(`zip bomb: peak growth rss ${growth.rss.toFixed(1)} MiB, heap ${growth.heap.toFixed(1)} MiB`);
    expect(growth.outcome).toMatchObject({ ...refusal(/too large when unpacked/), message: expect.stringMatching(/cannot be imported/) });
    // Holding the unpacked sheet alone takes 300 MiB; parsing it, more (355 MiB rss, 292 MiB heap measured before this guard).
    expect(growth.rss).toBeLessThan(64);
    expect(growth.heap).toBeLessThan(64);
  }, 60_000);
});

describe('the row and cell caps', () => {
  it(`reads ${MAX_IMPORT_ROWS} user rows and refuses one more`, async () => {
    const full = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => user(i));
    expect(await readUserSheet(await writeUserSheet(full))).toHaveLength(MAX_IMPORT_ROWS);
    await expect(readUserSheet(await writeUserSheet([...full, user(MAX_IMPORT_ROWS)]))).rejects.toMatchObject({
      ...refusal(new RegExp(`more than ${MAX_IMPORT_ROWS} rows`)),
      message: `A file can hold at most ${MAX_IMPORT_ROWS} users`,
    });
  });

  it('refuses a sheet of a million tiny rows before parsing it, memory staying flat', async () => {
    // 8 bytes a row: 8 MiB of XML, within the size limit, that a parser would turn into a million row objects.
    const rows = await workbookWith(
      await repeatedSheet(SHEET, { block: Buffer.from('<row/>\n '.repeat(MiB / 8)), times: 8, between: 'rows' }, 4096),
    );
    const growth = await peakGrowth(() => readUserSheet(rows));
    expect(growth.outcome).toMatchObject(refusal(/more than 1000 rows/));
    expect(growth.rss).toBeLessThan(64);
    expect(growth.heap).toBeLessThan(64);
  });

  it('refuses more cells than a user list has, counting tags split across inflated chunks', async () => {
    const cells = (count: number) => `<row r="2">${'<c t="n"><v>1</v></c>'.repeat(count)}</row>`;
    const sheetOf = (count: number) =>
      entryOf(SHEET, `<worksheet><sheetData><row r="1"><c r="A1"/></row>${cells(count - 1)}</sheetData></worksheet>`);
    await expect(assertWorkbookWithinLimits(await workbookWith(sheetOf(MAX_SHEET_CELLS)))).resolves.toBeUndefined();
    await expect(assertWorkbookWithinLimits(await workbookWith(sheetOf(MAX_SHEET_CELLS + 1)))).rejects.toMatchObject(
      refusal(new RegExp(`more than ${MAX_SHEET_CELLS} cells`)),
    );
  });
});
