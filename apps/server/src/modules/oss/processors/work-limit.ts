export interface SharedRuns {
  /**
   * Runs `work`, or joins the run of the same key in progress and shares its result. The run's signal
   * aborts once every caller that joined it has aborted (a run somebody still waits for goes on).
   */
  run<T>(key: string, signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

interface Run {
  result: Promise<unknown>;
  waiting: number;
  controller: AbortController;
}

/** Runs of the same key at once are one run. */
export function createSharedRuns(): SharedRuns {
  const runs = new Map<string, Run>();
  function join(run: Run, signal: AbortSignal | undefined) {
    run.waiting++;
    if (signal === undefined) return;
    const leave = () => {
      if (--run.waiting === 0) run.controller.abort(signal.reason);
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    void run.result.then(
      () => signal.removeEventListener('abort', leave),
      () => signal.removeEventListener('abort', leave),
    );
  }
  return {
    run<T>(key: string, signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      let run = runs.get(key);
      if (!run) {
        const controller = new AbortController();
        const result = Promise.resolve()
          .then(() => work(controller.signal))
          .finally(() => runs.delete(key));
        run = { result, waiting: 0, controller };
        runs.set(key, run);
      }
      join(run, signal);
      return run.result as Promise<T>;
    },
  };
}

/**
 * Image processing in this instance: many requests for one result (a processed download of one object
 * through one processor) run it once. How many runs go at once is the image budget's (image-budget.ts).
 */
export const imageWork = createSharedRuns();
