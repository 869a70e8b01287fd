import { AppError } from '../../../platform/errors.ts';
import { reclaimMemory } from './reclaim-memory.ts';

/** How much image work one process takes on at once (IMAGE_MEMORY_MB, IMAGE_QUEUE). */
export interface ImageBudgetSettings {
  /** Bytes of pixels and encoded images reserved by all conversions in progress together. */
  bytes: number;
  /** Requests waiting for room at most; one more answers 503 with Retry-After. */
  maxWaiting: number;
}

/** 512 MiB, 16 waiting: a 2-core, 2 GB server keeps ~1 GB for itself, its database and the rest. */
export const DEFAULT_IMAGE_BUDGET: ImageBudgetSettings = { bytes: 512 * 1024 * 1024, maxWaiting: 16 };

export interface Reservation {
  /** Aborted while waiting: the reservation is dropped and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** `always`: waits however many wait (a background job: nobody to answer 503 to; the job runner bounds them). */
  wait?: 'bounded' | 'always';
  /** Bytes the caller holds while it waits (its encoded input): waiting requests hold at most a quarter of the budget. */
  holding?: number;
}

export interface ImageBudget {
  /** Resolves, once `cost` bytes fit, with the function that gives them back (any number of calls: once counts). */
  reserve(cost: number, options?: Reservation): Promise<() => void>;
  /** What is reserved and waiting now (tests and logs). */
  usage(): { reserved: number; running: number; waiting: number };
}

/** A run this large leaves garbage worth collecting at once (external buffers V8 would otherwise keep until some later GC). */
const RECLAIM_FROM_BYTES = 64 * 1024 * 1024;

interface Waiter {
  cost: number;
  bounded: boolean;
  holding: number;
  grant: () => void;
}

/**
 * Room for image work, shared by every conversion of the process: a conversion reserves what it will
 * hold (image-cost.ts) before decoding, and waits in order until that fits. A cost beyond the whole
 * budget runs alone: it waits until nothing else runs, and nothing starts beside it. Waiting requests
 * are bounded, in number and in the encoded bytes they hold meanwhile; past that, 503 with a
 * Retry-After from how long runs have been taking.
 */
export function createImageBudget(settings: ImageBudgetSettings, reclaim: () => void = reclaimMemory): ImageBudget {
  let reserved = 0;
  let running = 0;
  let reclaiming = false;
  /** Seconds a run took lately (a moving average), for Retry-After. */
  let runSeconds = 1;
  const queue: Waiter[] = [];

  const fits = (cost: number) => running === 0 || reserved + cost <= settings.bytes;
  function admitWaiters() {
    // In order: a large cost at the head is not overtaken, so it cannot starve.
    while (!reclaiming && queue.length > 0 && fits(queue[0]!.cost)) queue.shift()!.grant();
  }

  function start(cost: number): () => void {
    reserved += cost;
    running++;
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      reserved -= cost;
      running--;
      runSeconds = 0.7 * runSeconds + 0.3 * ((performance.now() - started) / 1000);
      if (cost < RECLAIM_FROM_BYTES) return admitWaiters();
      // The run's pixels are garbage only once its caller has returned: collect on the next turn, then admit.
      reclaiming = true;
      setImmediate(() => {
        try {
          reclaim();
        } finally {
          reclaiming = false;
          admitWaiters();
        }
      });
    };
  }

  function busy(): AppError {
    const seconds = Math.min(60, Math.max(1, Math.ceil(runSeconds * (1 + queue.length / Math.max(1, running)))));
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `Image processing is at its memory budget with ${queue.length} request(s) waiting; try again in ${seconds} second(s)`,
      { retryAfterSeconds: seconds },
      { 'retry-after': String(seconds) },
    );
  }

  return {
    reserve(cost, options = {}) {
      const { signal, wait = 'bounded', holding = 0 } = options;
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (queue.length === 0 && !reclaiming && fits(cost)) return Promise.resolve(start(cost));
      const bounded = wait === 'bounded';
      const requests = queue.filter((waiter) => waiter.bounded);
      const held = requests.reduce((sum, waiter) => sum + waiter.holding, holding);
      if (bounded && (requests.length >= settings.maxWaiting || held > settings.bytes / 4)) return Promise.reject(busy());
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(signal!.reason);
          // The head may have been what held the others back.
          admitWaiters();
        };
        const waiter: Waiter = {
          cost,
          bounded,
          holding,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(start(cost));
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    usage: () => ({ reserved, running, waiting: queue.length }),
  };
}

let processBudget = createImageBudget(DEFAULT_IMAGE_BUDGET);

/** The budget of this process: every download, preview and conversion job takes its room here. */
export const imageBudget = (): ImageBudget => processBudget;

/** Sets the process's budget from the configuration (at start-up, before any image work). */
export function configureImageBudget(settings: ImageBudgetSettings): void {
  processBudget = createImageBudget(settings);
}
