import type { Readable } from 'node:stream';
import type { ProcessorDefinition, ProcessorStep } from '@portal/contracts';
import { decodeImage } from './decode-image.ts';
import { definitionProblems } from './definition-problems.ts';
import { encodeImage, type ProcessedImage } from './encode-image.ts';
import { ImageProcessingError } from './errors.ts';
import { crop, resize, rotate } from './geometry-steps.ts';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './image-limits.ts';
import { outputFormat } from './image-formats.ts';
import { watermarkImage, type LoadImage } from './image-watermark.ts';
import type { RawImage } from './raw-image.ts';
import { readInput } from './read-input.ts';
import { watermarkText } from './text-watermark.ts';

export interface ProcessorOptions {
  /** Reads the object a `watermarkImage` step names, from the bucket of the image being processed. */
  loadImage: LoadImage;
  limits?: Partial<ImageLimits>;
  /** Called as each stage finishes: reading, decoding, every step, encoding (`total` = steps + 3). */
  onStage?: (done: number, total: number, stage: string) => void;
}

function applyStep(image: RawImage, step: ProcessorStep, options: ProcessorOptions, limits: ImageLimits): Promise<RawImage> {
  switch (step.op) {
    case 'resize':
      return resize(image, step, limits.maxPixels);
    case 'crop':
      return crop(image, step, limits.maxPixels);
    case 'rotate':
      return rotate(image, step, limits.maxPixels);
    case 'watermarkText':
      return watermarkText(image, step, limits.maxPixels);
    case 'watermarkImage':
      return watermarkImage(image, step, options.loadImage, limits);
    case 'convert':
      // Only the last convert decides the output (see outputFormat); the pixels stay as they are.
      return Promise.resolve(image);
  }
}

/**
 * Runs a processor over an image: steps in the order written, each on the previous one's pixels.
 * Fails with an ImageProcessingError (4xx) for an invalid definition, input that is no accepted image, too many pixels
 * (declared or produced), a crop outside the image, or a missing watermark.
 */
export async function applyProcessor(
  input: Buffer | Readable,
  definition: ProcessorDefinition,
  options: ProcessorOptions,
): Promise<ProcessedImage> {
  // Definitions come validated from storage, but values reach an SVG: checked again, cheaply.
  const [problem] = definitionProblems(definition);
  if (problem) throw new ImageProcessingError('invalid-processor', `The processor is invalid at ${problem.path}: ${problem.message}`);
  const limits = { ...DEFAULT_IMAGE_LIMITS, ...options.limits };
  const total = definition.steps.length + 3;
  let done = 0;
  const finished = (stage: string) => options.onStage?.(++done, total, stage);
  const bytes = await readInput(input, limits.maxInputBytes);
  finished('read');
  const decoded = await decodeImage(bytes, limits.maxPixels);
  finished('decode');
  let image = decoded.image;
  for (const step of definition.steps) {
    image = await applyStep(image, step, options, limits);
    finished(step.op);
  }
  const convert = definition.steps.findLast((step) => step.op === 'convert');
  const result = await encodeImage(image, outputFormat(definition, decoded.format), convert?.quality, limits.maxPixels);
  finished('encode');
  return result;
}
