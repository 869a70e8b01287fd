import { createHash } from 'node:crypto';
import type { ProcessorDefinition } from '@portal/contracts';

/** Bumped whenever the pipeline would draw different pixels for the same steps: old cache entries then miss. */
export const PIPELINE_VERSION = 1;

/** JSON with object keys sorted at every level and undefined properties left out: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The object keys a definition's image watermarks read, in order, once each. */
export const watermarkKeys = (definition: ProcessorDefinition): string[] => [
  ...new Set(definition.steps.flatMap((step) => (step.op === 'watermarkImage' ? [step.key] : []))),
];

export interface CacheKeyInput {
  /** What identifies the source object's bytes: its ETag or SHA-256. */
  source: string;
  definition: ProcessorDefinition;
  /** The ETag (or SHA-256) of each watermark object (`watermarkKeys`): a replaced watermark is a new result. */
  watermarks?: Record<string, string>;
}

/**
 * A hex SHA-256 naming the result of a processor over an object: the same bytes through the same
 * steps give the same key whatever the processor is called or how its JSON was ordered.
 */
export function processorCacheKey({ source, definition, watermarks = {} }: CacheKeyInput): string {
  const marks = Object.fromEntries(watermarkKeys(definition).map((key) => [key, watermarks[key] ?? null]));
  const identity = { version: PIPELINE_VERSION, source, steps: definition.steps, watermarks: marks };
  return createHash('sha256').update(canonicalJson(identity)).digest('hex');
}
