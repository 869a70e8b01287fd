/**
 * A wake-up call for one waiting loop: `raise` ends the current wait at once, or the next one if
 * nobody waits now (so a wake-up that arrives while the loop is busy is not lost).
 */
export function createSignal() {
  let raised = false;
  let release: (() => void) | undefined;
  return {
    raise() {
      raised = true;
      release?.();
    },
    /** Resolves when raised or after `ms`, whichever comes first. */
    async wait(ms: number): Promise<void> {
      if (!raised) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            release = undefined;
            resolve();
          }
          release = done;
        });
      }
      raised = false;
    },
  };
}
