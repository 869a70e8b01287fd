import type { Readable } from 'node:stream';
import type { JobContext, JobHandler } from '../../../platform/jobs/runner.ts';
import type { ProcessorDefinition } from '@portal/contracts';
import { definitionProblems } from './definition-problems.ts';
import type { ProcessedImage } from './encode-image.ts';
import { ImageProcessingError } from './errors.ts';
import { applyProcessor, type ProcessorOptions } from './pipeline.ts';

/** How far a conversion is: stages finished of all (reading, decoding, each step, encoding). */
export interface ConversionProgress {
  done: number;
  total: number;
  /** What finished last: `start`, `read`, `decode`, a step's op, `encode`. */
  stage: string;
  /** 0–100, never going back. */
  percent: number;
}

/** A processor over a large image, telling `onProgress` after every stage (and once at the start). */
export async function convertLarge(
  input: Buffer | Readable,
  definition: ProcessorDefinition,
  options: Omit<ProcessorOptions, 'onStage'>,
  onProgress: (progress: ConversionProgress) => void,
): Promise<ProcessedImage> {
  const total = definition.steps.length + 3;
  onProgress({ done: 0, total, stage: 'start', percent: 0 });
  return applyProcessor(input, definition, {
    ...options,
    onStage: (done, stageTotal, stage) => onProgress({ done, total: stageTotal, stage, percent: Math.floor((done * 100) / stageTotal) }),
  });
}

/** What a conversion job is asked to do: write `target` as `source` through `processor`, in one bucket. */
export interface ConversionJobPayload {
  bucket: string;
  source: string;
  target: string;
  processor: ProcessorDefinition;
}

/** What the oss module gives the handler: its storage and where progress and outcomes are kept. */
export interface ConversionJobDeps {
  readObject(bucket: string, key: string): Promise<Buffer | Readable | undefined>;
  /** Stores the result; called again with the same idempotency key when a job runs twice. */
  writeObject(bucket: string, key: string, result: ProcessedImage, idempotencyKey: string): Promise<void>;
  progress(jobId: string, progress: ConversionProgress): void | Promise<void>;
  /** The job cannot succeed however often it runs (no such object, not an image): it is not retried. */
  refused(jobId: string, error: ImageProcessingError | Error): void | Promise<void>;
}

function payloadProblem(payload: unknown): string | undefined {
  const fields = payload as Partial<ConversionJobPayload> | null;
  if (typeof fields !== 'object' || fields === null) return 'the payload is no object';
  for (const key of ['bucket', 'source', 'target'] as const) {
    if (typeof fields[key] !== 'string' || !fields[key]) return `${key} must be a non-empty string`;
  }
  const problems = definitionProblems(fields.processor);
  return problems.length ? `processor${problems[0]!.path}: ${problems[0]!.message}` : undefined;
}

/**
 * The handler for `platform/jobs`: a refusal (bad payload, missing source, no image) is told to
 * `refused` and ends the job; anything else (storage down) rejects, so the runner tries again.
 */
export function createConversionJobHandler(deps: ConversionJobDeps): JobHandler {
  return async (job: JobContext) => {
    const problem = payloadProblem(job.payload);
    if (problem) return deps.refused(job.jobId, new Error(`The conversion job is malformed: ${problem}`));
    const { bucket, source, target, processor } = job.payload as ConversionJobPayload;
    const input = await deps.readObject(bucket, source);
    if (input === undefined) return deps.refused(job.jobId, new Error(`The object '${source}' does not exist in bucket '${bucket}'`));
    let result: ProcessedImage;
    try {
      const loadImage = (key: string) => deps.readObject(bucket, key);
      // A job waits for room in the image budget however long the queue: it has nobody to answer 503 to.
      result = await convertLarge(input, processor, { loadImage, wait: 'always' }, (progress) => void deps.progress(job.jobId, progress));
    } catch (error) {
      if (error instanceof ImageProcessingError) return deps.refused(job.jobId, error);
      throw error;
    }
    await deps.writeObject(bucket, target, result, job.idempotencyKey);
  };
}
