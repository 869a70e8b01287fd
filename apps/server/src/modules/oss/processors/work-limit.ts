import { availableParallelism } from 'node:os';

export interface WorkLimit {
  /** Runs `work` when a slot is free; a call with the key of a run in progress shares that run's result. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** At most `concurrency` runs at once, the others waiting in order; runs of the same key are one run. */
export function createWorkLimit(concurrency: number): WorkLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const shared = new Map<string, Promise<unknown>>();
  async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    // A finished run hands its slot straight to the next waiter, so `running` counts slots, not calls.
    if (running < concurrency) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const existing = shared.get(key) as Promise<T> | undefined;
      if (existing) return existing;
      const started = inSlot(work).finally(() => shared.delete(key));
      shared.set(key, started);
      return started;
    },
  };
}

/**
 * Image processing in this instance: a decoded image may take hundreds of megabytes, so downloads,
 * previews and conversion jobs share one slot per core, and many requests for one result run it once.
 */
export const imageWork = createWorkLimit(availableParallelism());
