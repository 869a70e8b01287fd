export interface BackoffPolicy {
  /** The delay after the first failure. */
  baseMs: number;
  /** No delay grows beyond this, however many failures came before. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 15 * 60_000 };

/**
 * How long to wait before the next attempt after `failures` failures (1 = the first): doubling
 * from the base up to the cap, then drawn at random from its upper half ("equal jitter"), so jobs
 * that failed together (an outside system down) do not all return at the same moment, and none
 * returns sooner than half its step.
 */
export function retryDelayMs(failures: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  // The exponent is bounded so 2 ** n stays finite however many failures are counted.
  const exponent = Math.min(Math.max(failures - 1, 0), 52);
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** exponent);
  return Math.round(step / 2 + random() * (step / 2));
}
