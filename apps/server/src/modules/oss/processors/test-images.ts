import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test images made on the spot. A gradient: red grows to the right, green downwards, blue constant. */
export async function gradientPng(width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x * 255) / (width - 1));
      pixels[at + 1] = Math.round((y * 255) / (height - 1));
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const solidPng = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The colour at (x, y) as [r, g, b, a]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, info.channels)];
}

/** The brightest value of any colour channel in a region. */
export async function brightestIn(image: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const pixels = await sharp(image).extract(region).removeAlpha().raw().toBuffer();
  return pixels.reduce((brightest, value) => Math.max(brightest, value), 0);
}

/** A PNG chunk: length, type, data, then the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of width × height black pixels. Zeros deflate
 * about 1000:1, so 20000×20000 (400 megapixels) is a file of some 50 KB.
 */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, not interlaced
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}
