import type { Metadata, ResizeOptions } from 'sharp';
import { ImageProcessingError } from './errors.ts';
import type { Size } from './geometry.ts';
import { INPUT_FORMATS, inputFormatOf, type InputFormat } from './image-formats.ts';
import { assertPixels, toRaw, type RawImage } from './raw-image.ts';
import { loadSharp } from './sharp-library.ts';

const notAnImage = (why: string) =>
  new ImageProcessingError('not-an-image', `The input is not an image a processor accepts (${INPUT_FORMATS.join(', ')}): ${why}`);

/** What the header of an accepted image declares. */
export interface ImageHeader {
  format: InputFormat;
  /** The size once turned upright as its EXIF orientation says (of the first page of an animation). */
  upright: Size;
  opaque: boolean;
}

/**
 * The header only: format and declared size, read without decoding a pixel. The declared size is
 * checked here, so a small file claiming a huge image (a decompression bomb) costs nothing.
 */
export async function readHeader(bytes: Buffer, maxPixels: number): Promise<ImageHeader> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw notAnImage(error instanceof Error ? error.message : 'unreadable');
  }
  const format = inputFormatOf(header.format);
  if (!format) throw notAnImage(`${header.format ?? 'unknown'} is not accepted`);
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  assertPixels(width, height, maxPixels, 'The image');
  // Orientations 5 to 8 turn the image a quarter.
  const upright = (header.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  return { format, upright, opaque: !header.hasAlpha };
}

/**
 * Decodes an image to RGBA pixels, upright. With `resize`, libvips resizes as it decodes (a PNG is
 * read line by line, a JPEG shrunk on load), so the full-size pixels are never held at once.
 */
export async function decodeImage(bytes: Buffer, header: ImageHeader, maxPixels: number, resize?: ResizeOptions): Promise<RawImage> {
  try {
    let pipeline = (await loadSharp())(bytes, { limitInputPixels: maxPixels }).autoOrient();
    if (resize) pipeline = pipeline.resize(resize);
    return await toRaw(pipeline.toColourspace('srgb'), header.opaque);
  } catch (error) {
    throw notAnImage(error instanceof Error ? error.message : 'undecodable');
  }
}

/** Header and pixels at once, for an image whose room is not reserved on its own (a watermark, within its run's). */
export async function decodeWhole(bytes: Buffer, maxPixels: number, resize?: ResizeOptions): Promise<RawImage> {
  return decodeImage(bytes, await readHeader(bytes, maxPixels), maxPixels, resize);
}
