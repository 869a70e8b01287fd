import type { StepOf } from '@portal/contracts';
import type { ResizeOptions } from 'sharp';
import { ImageProcessingError } from './errors.ts';
import { resizedSize, rotatedSize } from './geometry.ts';
import { assertPixels, fromRaw, toRaw, type RawImage } from './raw-image.ts';

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Only `contain` with both sides given pads, and the padding is transparent. */
export const padsOnResize = (step: StepOf<'resize'>) => step.fit === 'contain' && step.width !== undefined && step.height !== undefined;

/** sharp's options for a resize step. */
export function resizeOptions(step: StepOf<'resize'>): ResizeOptions {
  const { width, height, fit = 'cover', withoutEnlargement = false } = step;
  return { width, height, fit, withoutEnlargement, background: TRANSPARENT };
}

export async function resize(image: RawImage, step: StepOf<'resize'>, maxPixels: number): Promise<RawImage> {
  const size = resizedSize(image, step);
  assertPixels(size.width, size.height, maxPixels, 'The resized image');
  const pipeline = fromRaw(image, maxPixels).resize(resizeOptions(step));
  return toRaw(pipeline, image.opaque && !padsOnResize(step));
}

export async function crop(image: RawImage, step: StepOf<'crop'>, maxPixels: number): Promise<RawImage> {
  const { left, top, width, height } = step;
  if (left + width > image.width || top + height > image.height) {
    throw new ImageProcessingError(
      'crop-outside-image',
      `The crop ${width}×${height} at (${left}, ${top}) reaches outside the ${image.width}×${image.height} image`,
    );
  }
  return toRaw(fromRaw(image, maxPixels).extract({ left, top, width, height }), image.opaque);
}

export async function rotate(image: RawImage, step: StepOf<'rotate'>, maxPixels: number): Promise<RawImage> {
  const size = rotatedSize(image, step.angle);
  assertPixels(size.width, size.height, maxPixels, 'The rotated image');
  const square = step.angle % 90 === 0;
  const pipeline = fromRaw(image, maxPixels).rotate(step.angle, { background: step.background ?? TRANSPARENT });
  return toRaw(pipeline, image.opaque && (square || step.background !== undefined));
}
