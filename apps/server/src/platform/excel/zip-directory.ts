/** The parts of a zip archive as its central directory lists them, read without unpacking anything. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated (the only two a workbook reader accepts). */
  method: number;
  /** General purpose flags; bit 0 marks an encrypted entry. */
  flags: number;
  compressedSize: number;
  /** The unpacked size the archive claims: the guard checks it, and then what inflating really gives. */
  declaredSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** Sizes, offsets and counts at their maximum say "see the ZIP64 record": no spreadsheet of users needs one. */
const ZIP64_MARKS = { count: 0xffff, size: 0xffffffff };

export class UnreadableZip extends Error {}
export class Zip64Archive extends Error {}

/** The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment. */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

/**
 * The central directory's entries, as workbook readers (JSZip under exceljs) take them: from the
 * last end record. Throws UnreadableZip for a truncated or garbled directory, Zip64Archive for one
 * that defers to a ZIP64 record, and stops at `maxEntries + 1` entries (the caller refuses more).
 */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new UnreadableZip();
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === ZIP64_MARKS.count || directoryOffset === ZIP64_MARKS.size) throw new Zip64Archive();
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < Math.min(count, maxEntries + 1); i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) throw new UnreadableZip();
    const nameLength = bytes.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', offset + 46, Math.min(bytes.length, offset + 46 + nameLength)),
      method: bytes.readUInt16LE(offset + 10),
      flags: bytes.readUInt16LE(offset + 8),
      compressedSize: bytes.readUInt32LE(offset + 20),
      declaredSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    };
    if ([entry.compressedSize, entry.declaredSize, entry.localHeaderOffset].includes(ZIP64_MARKS.size)) throw new Zip64Archive();
    entries.push(entry);
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/** The entry's packed bytes: after its local header, whose name and extra field may differ in length from the directory's. */
export function packedData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_FILE_HEADER) throw new UnreadableZip();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new UnreadableZip();
  return bytes.subarray(start, start + entry.compressedSize);
}
