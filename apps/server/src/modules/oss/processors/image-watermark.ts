import type { Readable } from 'node:stream';
import type { StepOf } from '@portal/contracts';
import { decodeWhole } from './decode-image.ts';
import { ImageProcessingError } from './errors.ts';
import { placeOverlay, type Size } from './geometry.ts';
import { CHANNELS, fromRaw, toRaw, type RawImage } from './raw-image.ts';
import { readInput } from './read-input.ts';
import type { ImageLimits } from './image-limits.ts';

/** Reads an object of the processed object's bucket; `undefined` when there is none by that key. */
export type LoadImage = (key: string) => Promise<Buffer | Readable | undefined>;

export const IMAGE_WATERMARK_DEFAULTS = { gravity: 'southeast', opacity: 1, scale: 0.25, margin: 16 } as const;

/** The watermark decoded straight into `box` (fit inside): it never holds more pixels than the box, whatever its own size. */
async function loadWatermark(key: string, load: LoadImage, limits: ImageLimits, box: Size): Promise<RawImage> {
  const input = await load(key);
  if (input === undefined) throw new ImageProcessingError('watermark-not-found', `The watermark image '${key}' does not exist`);
  try {
    return await decodeWhole(await readInput(input, limits.maxInputBytes), limits.maxPixels, { ...box, fit: 'inside' });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ImageProcessingError('watermark-not-an-image', `The watermark '${key}' cannot be used: ${why}`);
  }
}

/** Scales every alpha value by `opacity` (in place: the buffer is this step's own). */
function fade(pixels: Buffer, opacity: number): void {
  if (opacity >= 1) return;
  for (let alpha = CHANNELS - 1; alpha < pixels.length; alpha += CHANNELS) pixels[alpha] = Math.round(pixels[alpha]! * opacity);
}

export async function watermarkImage(
  image: RawImage,
  step: StepOf<'watermarkImage'>,
  loadImage: LoadImage,
  limits: ImageLimits,
): Promise<RawImage> {
  const { gravity, opacity, scale, margin } = { ...IMAGE_WATERMARK_DEFAULTS, ...step };
  const box = {
    width: Math.max(1, Math.min(Math.round(image.width * scale), image.width - 2 * margin)),
    height: Math.max(1, image.height - 2 * margin),
  };
  const scaled = await loadWatermark(step.key, loadImage, limits, box);
  fade(scaled.data, opacity);
  const { left, top } = placeOverlay(image, scaled, gravity, margin);
  const overlay = { input: scaled.data, raw: { width: scaled.width, height: scaled.height, channels: CHANNELS }, left, top };
  return toRaw(fromRaw(image, limits.maxPixels).composite([overlay]), image.opaque);
}
