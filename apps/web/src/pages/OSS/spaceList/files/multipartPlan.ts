import { PART_NUMBER_MAX } from '@portal/contracts';

/**
 * The pure parts of a multipart upload: which bytes each part carries, how progress adds up over
 * parts sent side by side, and how a failed part is tried again.
 */

const MiB = 1024 ** 2;
/** Files above this size travel in parts; smaller ones in one request. */
export const MULTIPART_THRESHOLD = 32 * MiB;
/** The size of every part but the last (S3's minimum is 5 MiB). */
export const PART_BYTES = 16 * MiB;
/** How many parts of one file travel at once. */
export const PARTS_AT_ONCE = 2;
/** How many times a part is sent before the file fails: the first try and two more. */
export const PART_ATTEMPTS = 3;

export interface PlannedPart {
  partNumber: number;
  /** The first byte, and the byte after the last (as Blob.slice takes them). */
  start: number;
  end: number;
}

/**
 * The parts of a file of `size` bytes, numbered from 1: all of `partBytes` but the last. A file too
 * big for 10000 parts of that size takes larger parts, so it still fits. An empty file is one empty part.
 */
export function planParts(size: number, partBytes = PART_BYTES): PlannedPart[] {
  const bytes = Math.max(partBytes, Math.ceil(size / PART_NUMBER_MAX));
  const count = Math.max(1, Math.ceil(size / bytes));
  return Array.from({ length: count }, (_, i) => ({ partNumber: i + 1, start: i * bytes, end: Math.min(size, (i + 1) * bytes) }));
}

/** Bytes sent so far over all parts: each part reports its own count, a retried one starts again from 0. */
export class PartProgress {
  private readonly loaded = new Map<number, number>();

  constructor(private readonly onTotal: (loaded: number) => void) {}

  report(partNumber: number, loaded: number): void {
    this.loaded.set(partNumber, loaded);
    let total = 0;
    for (const bytes of this.loaded.values()) total += bytes;
    this.onTotal(total);
  }
}

/** Whether a failure may pass if tried again: the network's, a timeout, too many requests or the server's own. */
export const isRetryable = (status: number | undefined): boolean =>
  status === undefined || status === 408 || status === 429 || status >= 500;

export interface RetryOptions {
  attempts: number;
  signal: AbortSignal;
  /** The HTTP status of a failure, undefined for a network error. */
  statusOf: (error: unknown) => number | undefined;
  /** Waits before the next try (its number, 2 onwards). */
  wait: (attempt: number) => Promise<void>;
}

/** Runs `task` until it succeeds, up to `attempts` times; a refusal no retry can change, or an abort, fails at once. */
export async function withRetries<T>(task: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (options.signal.aborted || attempt >= options.attempts || !isRetryable(options.statusOf(error))) throw error;
      await options.wait(attempt + 1);
    }
  }
}

/** Runs `worker` over `items`, at most `limit` at once, and rejects with the first failure (the rest still settle). */
export async function inPool<T, R>(items: readonly T[], limit: number, worker: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        results[index] = await worker(items[index] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
