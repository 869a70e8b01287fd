import type { Metadata } from 'sharp';
import { ImageProcessingError } from './errors.ts';
import { INPUT_FORMATS, inputFormatOf, type InputFormat } from './image-formats.ts';
import { assertPixels, toRaw, type RawImage } from './raw-image.ts';
import { loadSharp } from './sharp-library.ts';

const notAnImage = (why: string) =>
  new ImageProcessingError('not-an-image', `The input is not an image a processor accepts (${INPUT_FORMATS.join(', ')}): ${why}`);

/** The header only: format and declared size, read without decoding a pixel. */
async function headerOf(bytes: Buffer): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw notAnImage(error instanceof Error ? error.message : 'unreadable');
  }
}

/**
 * Decodes an image to RGBA pixels, upright as its EXIF orientation says. The declared size is
 * checked before decoding, so a small file claiming a huge image (a decompression bomb) costs nothing.
 */
export async function decodeImage(bytes: Buffer, maxPixels: number): Promise<{ image: RawImage; format: InputFormat }> {
  const header = await headerOf(bytes);
  const format = inputFormatOf(header.format);
  if (!format) throw notAnImage(`${header.format ?? 'unknown'} is not accepted`);
  assertPixels(header.width ?? 0, header.pageHeight ?? header.height ?? 0, maxPixels, 'The image');
  try {
    const pipeline = (await loadSharp())(bytes, { limitInputPixels: maxPixels }).autoOrient().toColourspace('srgb');
    return { image: await toRaw(pipeline, !header.hasAlpha), format };
  } catch (error) {
    throw notAnImage(error instanceof Error ? error.message : 'undecodable');
  }
}
