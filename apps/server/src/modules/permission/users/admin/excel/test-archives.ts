import { createDeflateRaw, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Zip archives for the tests of the workbook guard, written by hand so that they can lie: an entry
 * declares whatever unpacked size the test wants, whatever its data really inflates to.
 */
export interface ArchiveEntry {
  name: string;
  /** Raw deflate data. */
  compressed: Buffer;
  crc: number;
  /** The unpacked size the archive's headers claim. */
  declaredSize: number;
}

/** A zip archive of the entries (deflated), with the sizes each one declares. */
export function zipOf(entries: ArchiveEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An entry holding `text`, declaring its true size unless told otherwise. */
export function entryOf(name: string, text: string | Buffer, declaredSize?: number): ArchiveEntry {
  const data = Buffer.from(text);
  return { name, compressed: deflateRawSync(data), crc: crc32(data), declaredSize: declaredSize ?? data.length };
}

/** The parts of a workbook exceljs wrote (sizes in the local headers), to rebuild it with one part replaced. */
export function partsOf(workbook: Buffer): { name: string; data: Buffer }[] {
  const parts: { name: string; data: Buffer }[] = [];
  for (let at = 0; workbook.readUInt32LE(at) === 0x04034b50;) {
    const method = workbook.readUInt16LE(at + 8);
    const compressedSize = workbook.readUInt32LE(at + 18);
    const nameLength = workbook.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + workbook.readUInt16LE(at + 28);
    const stored = workbook.subarray(start, start + compressedSize);
    parts.push({ name: workbook.toString('utf8', at + 30, at + 30 + nameLength), data: method === 8 ? inflateRawSync(stored) : stored });
    at = start + compressedSize;
  }
  return parts;
}

/**
 * A worksheet part whose header row is followed by `block` repeated `times` times (inside the second
 * row's one cell, unless told `between: 'rows'`): deflated a block at a time, so the test never holds
 * the unpacked text, yet the entry really inflates to all of it.
 */
export async function repeatedSheet(
  name: string,
  repeat: { block: Buffer; times: number; between?: 'cell' | 'rows' },
  declaredSize: number,
): Promise<ArchiveEntry> {
  const inCell = repeat.between !== 'rows';
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>username</t></is></c></row>' +
      (inCell ? '<row r="2"><c r="A2" t="inlineStr"><is><t>' : ''),
  );
  const tail = Buffer.from(`${inCell ? '</t></is></c></row>' : ''}</sheetData></worksheet>`);
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const write = async (data: Buffer) => {
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  let crc = crc32(head);
  await write(head);
  for (let i = 0; i < repeat.times; i++) {
    crc = crc32(repeat.block, crc);
    await write(repeat.block);
  }
  crc = crc32(tail, crc);
  deflate.end(tail);
  await ended;
  return { name, compressed: Buffer.concat(chunks), crc, declaredSize };
}
