import type { Sharp } from 'sharp';
import { ImageProcessingError } from './errors.ts';
import { loadedSharp } from './sharp-library.ts';

/**
 * Decoded pixels between steps: sRGB with alpha, 8 bits a channel. Each step is its own libvips
 * pipeline so steps run in the order written (one sharp pipeline reorders resize, rotate and crop).
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  /** No pixel is transparent: the alpha channel is dropped when encoding. */
  opaque: boolean;
}

export const CHANNELS = 4 as const;

/** A sharp pipeline reading `image` (decoded, so sharp is loaded); `maxPixels` guards what it may be asked to read. */
export const fromRaw = (image: RawImage, maxPixels: number): Sharp =>
  loadedSharp()(image.data, { raw: { width: image.width, height: image.height, channels: CHANNELS }, limitInputPixels: maxPixels });

/** Runs `pipeline` into a new RawImage. */
export async function toRaw(pipeline: Sharp, opaque: boolean): Promise<RawImage> {
  const { data, info } = await pipeline.ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, opaque };
}

/** Refuses a result that would hold more than `maxPixels` pixels, before libvips allocates it. */
export function assertPixels(width: number, height: number, maxPixels: number, what: string): void {
  if (width * height > maxPixels) {
    throw new ImageProcessingError(
      'too-many-pixels',
      `${what} would be ${Math.round(width)}×${Math.round(height)} pixels, more than the ${maxPixels} allowed`,
    );
  }
}
