/**
 * The CRCs of S3's flexible checksums that Node lacks: CRC32C (Castagnoli) and CRC64/NVME, both
 * reflected, initial value and final xor all ones. CRC64 runs on two 32-bit halves so that it
 * streams without BigInt arithmetic per byte.
 */
function crc32Table(poly: number): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

const CRC32C_TABLE = crc32Table(0x82f63b78);

/** CRC32C of `data`, continuing from `previous` (the CRC of the bytes before it, 0 at the start). */
export function crc32c(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) crc = CRC32C_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

const CRC64_POLY = 0x9a6c9329ac4bc9b5n;
const CRC64_LO = new Uint32Array(256);
const CRC64_HI = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = BigInt(n);
  for (let k = 0; k < 8; k++) c = c & 1n ? (c >> 1n) ^ CRC64_POLY : c >> 1n;
  CRC64_LO[n] = Number(c & 0xffffffffn);
  CRC64_HI[n] = Number(c >> 32n);
}

/** A running CRC64/NVME: update with each piece, then read the 8 big-endian bytes of the result. */
export class Crc64Nvme {
  private lo = 0xffffffff;
  private hi = 0xffffffff;

  update(data: Uint8Array): this {
    let { lo, hi } = this;
    for (let i = 0; i < data.length; i++) {
      const index = (lo ^ data[i]!) & 0xff;
      lo = ((lo >>> 8) | (hi << 24)) ^ CRC64_LO[index]!;
      hi = (hi >>> 8) ^ CRC64_HI[index]!;
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
    return this;
  }

  digest(): Buffer {
    const out = Buffer.alloc(8);
    out.writeUInt32BE(~this.hi >>> 0, 0);
    out.writeUInt32BE(~this.lo >>> 0, 4);
    return out;
  }
}
