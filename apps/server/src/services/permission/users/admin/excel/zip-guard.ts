import { AppError } from '../../../../../platform/errors.ts';

/** What an uploaded .xlsx (a zip archive) may unpack to: far above any real user list, far below a zip bomb. */
export const ZIP_LIMITS = { entries: 2_000, uncompressedBytes: 100 * 1024 * 1024 };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

const refused = (reason: string) =>
  new AppError('VALIDATION_FAILED', `The file cannot be imported: ${reason}`, { rows: [{ row: 0, field: 'file', reason }] });

/**
 * Reads the archive's central directory (without unpacking anything) and refuses an archive that
 * declares too many entries or too many unpacked bytes, before the workbook parser inflates it all
 * in memory. Sizes are as declared by the archive: a small file claiming small sizes is what
 * real spreadsheets are; anything else is refused.
 */
export function assertZipWithinLimits(bytes: Buffer): void {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw refused('not a readable .xlsx workbook');
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries > ZIP_LIMITS.entries) throw refused(`the archive holds more than ${ZIP_LIMITS.entries} entries`);
  let offset = directoryOffset;
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER)
      throw refused('not a readable .xlsx workbook');
    const uncompressed = bytes.readUInt32LE(offset + 24);
    // 0xFFFFFFFF means the real size is in a ZIP64 record: no spreadsheet of users needs one.
    if (uncompressed === 0xffffffff) throw refused('the archive is too large when unpacked');
    total += uncompressed;
    if (total > ZIP_LIMITS.uncompressedBytes) throw refused('the archive is too large when unpacked');
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
}

/** The end-of-central-directory record sits in the last 22 bytes plus at most a 64 KiB comment. */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}
