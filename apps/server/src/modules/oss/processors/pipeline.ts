import type { Readable } from 'node:stream';
import type { ProcessorDefinition, ProcessorStep } from '@portal/contracts';
import { decodeImage, readHeader } from './decode-image.ts';
import { definitionProblems } from './definition-problems.ts';
import { encodeImage, type ProcessedImage } from './encode-image.ts';
import { ImageProcessingError } from './errors.ts';
import { crop, resize, resizeOptions, rotate } from './geometry-steps.ts';
import { imageBudget, type Reservation } from './image-budget.ts';
import { conversionCost, fusedResize } from './image-cost.ts';
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
  /** The caller is gone: stop waiting for room in the image budget. */
  signal?: AbortSignal;
  /** How the run waits for room (image-budget.ts): requests within the bounded queue, jobs always. */
  wait?: Reservation['wait'];
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
 * Before decoding, it reserves in the process's image budget what it will hold (from the header), and
 * waits for that room; 503 when too many wait. Fails with an ImageProcessingError (4xx) for an invalid
 * definition, input that is no accepted image, too many pixels (declared or produced), a crop outside
 * the image, or a missing watermark.
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
  const header = await readHeader(bytes, limits.maxPixels);
  // Room for everything the run will hold, reserved before a pixel is decoded.
  const cost = conversionCost(bytes.length, header.upright, definition, limits.maxPixels);
  const release = await imageBudget().reserve(cost, { signal: options.signal, wait: options.wait, holding: bytes.length });
  try {
    const fused = fusedResize(definition);
    let image = await decodeImage(bytes, header, limits.maxPixels, fused && resizeOptions(fused));
    finished('decode');
    const steps = fused ? definition.steps.slice(1) : definition.steps;
    if (fused) finished(fused.op);
    for (const step of steps) {
      image = await applyStep(image, step, options, limits);
      finished(step.op);
    }
    const convert = definition.steps.findLast((step) => step.op === 'convert');
    const result = await encodeImage(image, outputFormat(definition, header.format), convert?.quality, limits.maxPixels);
    finished('encode');
    return result;
  } finally {
    release();
  }
}
