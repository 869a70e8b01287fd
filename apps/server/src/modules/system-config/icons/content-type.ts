import { IconRefused, sanitiseSvg } from './svg-sanitiser.ts';

export { IconRefused };

type RasterType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The raster type its first bytes say a file is (the declared type and the file name are never trusted). */
export function rasterTypeOf(bytes: Uint8Array): RasterType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

export interface CheckedIcon {
  contentType: RasterType | 'image/svg+xml';
  /** What is stored: the file itself, or for SVG its cleaned markup. */
  bytes: Buffer;
}

/**
 * What an uploaded file is, told from its content: a PNG, JPEG, WebP or GIF by its magic bytes, else
 * SVG when it parses as one (then sanitised); anything else is refused with the reason.
 */
export function checkIconContent(bytes: Buffer): CheckedIcon {
  const raster = rasterTypeOf(bytes);
  if (raster) return { contentType: raster, bytes };
  const notAnImage = new IconRefused('not a PNG, JPEG, WebP, GIF or SVG image');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notAnImage;
  }
  if (!text.trimStart().startsWith('<')) throw notAnImage;
  return { contentType: 'image/svg+xml', bytes: Buffer.from(sanitiseSvg(text), 'utf8') };
}
