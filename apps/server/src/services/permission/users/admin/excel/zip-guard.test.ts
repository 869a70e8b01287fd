import { describe, expect, it } from 'vitest';
import { workbookOf } from '../../../../../../test/factories/users.ts';
import { assertZipWithinLimits, ZIP_LIMITS } from './zip-guard.ts';

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

describe('the unpacked-size guard of uploaded workbooks', () => {
  it('lets a real workbook through', async () => {
    expect(() => assertZipWithinLimits(Buffer.from([]))).toThrow(/not a readable/);
    const real = await workbookOf([
      ['username', 'name'],
      ['jdoe', 'Jane'],
    ]);
    expect(() => assertZipWithinLimits(real)).not.toThrow();
  });

  it('refuses an archive that declares more unpacked bytes or entries than a user list needs (a zip bomb)', () => {
    expect(() => assertZipWithinLimits(declaredArchive([1000, 2000]))).not.toThrow();
    expect(() => assertZipWithinLimits(declaredArchive([ZIP_LIMITS.uncompressedBytes, 1]))).toThrow(/too large when unpacked/);
    expect(() => assertZipWithinLimits(declaredArchive([0xffffffff]))).toThrow(/too large when unpacked/);
    expect(() => assertZipWithinLimits(declaredArchive(Array.from({ length: ZIP_LIMITS.entries + 1 }, () => 1)))).toThrow(/entries/);
  });

  it('refuses a truncated central directory', () => {
    const archive = declaredArchive([10]);
    expect(() => assertZipWithinLimits(archive.subarray(20))).toThrow(/not a readable/);
  });
});
