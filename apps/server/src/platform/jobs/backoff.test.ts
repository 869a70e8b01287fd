import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

const policy = { baseMs: 1_000, capMs: 60_000 };
const lowest = () => 0;
const highest = () => 1;

describe('retry backoff', () => {
  it('doubles from the base with each failure', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, policy, highest))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never exceeds the cap, even after very many failures', () => {
    for (const failures of [7, 8, 20, 1_000, 1e9]) {
      expect(retryDelayMs(failures, policy, highest)).toBe(60_000);
      expect(retryDelayMs(failures, policy, lowest)).toBe(30_000);
    }
  });

  it('draws each delay from the upper half of its step', () => {
    const delays = Array.from({ length: 200 }, () => retryDelayMs(3, policy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4_000);
    // Jitter: failures at the same moment are spread, not repeated.
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
