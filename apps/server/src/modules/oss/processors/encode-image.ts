import type { OutputFormat } from '@portal/contracts';
import { contentTypeOf } from './image-formats.ts';
import { fromRaw, type RawImage } from './raw-image.ts';

/** What a processor answers with. */
export interface ProcessedImage {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
}

const WHITE = { r: 255, g: 255, b: 255 };

/** Writes the pixels as `format`; quality applies to the lossy formats and, below 100, quantises png to a palette. */
export async function encodeImage(
  image: RawImage,
  format: OutputFormat,
  quality: number | undefined,
  maxPixels: number,
): Promise<ProcessedImage> {
  let pipeline = fromRaw(image, maxPixels);
  // JPEG has no alpha: transparent areas become white rather than whatever colour their pixels hold.
  if (format === 'jpeg' && !image.opaque) pipeline = pipeline.flatten({ background: WHITE });
  else if (image.opaque) pipeline = pipeline.removeAlpha();
  if (format === 'webp') pipeline = pipeline.webp({ quality });
  else if (format === 'avif') pipeline = pipeline.avif({ quality });
  else if (format === 'jpeg') pipeline = pipeline.jpeg({ quality });
  else pipeline = quality !== undefined && quality < 100 ? pipeline.png({ palette: true, quality }) : pipeline.png();
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { body: data, contentType: contentTypeOf(format), width: info.width, height: info.height };
}
