import type { ProcessorDefinition, StepOf } from '@portal/contracts';
import { padsOnResize } from './geometry-steps.ts';
import { resizedSize, rotatedSize, type Size } from './geometry.ts';
import { assertPixels, CHANNELS } from './raw-image.ts';

/**
 * The first step, when it is a resize the decoder can do as it reads (the full-size pixels are never
 * held); not one that pads: the decoded pixels may have no alpha channel yet to pad with.
 */
export function fusedResize(definition: ProcessorDefinition): StepOf<'resize'> | undefined {
  const [first] = definition.steps;
  return first?.op === 'resize' && !padsOnResize(first) ? first : undefined;
}

const STEP_RESULT = {
  resize: 'The resized image',
  crop: 'The cropped image',
  rotate: 'The rotated image',
  watermarkText: 'The watermarked image',
  watermarkImage: 'The watermarked image',
} as const;

const rawBytes = (size: Size) => size.width * size.height * CHANNELS;

/**
 * What a run holds at most, in bytes, from the input's header alone (before a pixel is decoded): the
 * input, every raw image it makes (each may stay resident until the budget's collection after the run),
 * and the encoded output at its largest (as many bytes as its raw pixels). Every size is checked
 * against `maxPixels` on the way, so an image over the limits is refused before it waits for room.
 */
export function conversionCost(inputBytes: number, upright: Size, definition: ProcessorDefinition, maxPixels: number): number {
  const fused = fusedResize(definition);
  let size = fused ? resizedSize(upright, fused) : upright;
  assertPixels(size.width, size.height, maxPixels, fused ? 'The resized image' : 'The image');
  let total = inputBytes + rawBytes(size);
  for (const step of fused ? definition.steps.slice(1) : definition.steps) {
    if (step.op === 'convert') continue;
    if (step.op === 'resize') size = resizedSize(size, step);
    else if (step.op === 'crop') size = { width: step.width, height: step.height };
    else if (step.op === 'rotate') size = rotatedSize(size, step.angle);
    assertPixels(size.width, size.height, maxPixels, STEP_RESULT[step.op]);
    // A watermark image is decoded straight to its box (at most the image's size), then composited.
    total += rawBytes(size) * (step.op === 'watermarkImage' ? 2 : 1);
  }
  return total + rawBytes(size);
}
