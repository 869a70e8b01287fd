import { describe, expect, it } from 'vitest';
import { inPool, isRetryable, PART_BYTES, PartProgress, planParts, withRetries } from './multipartPlan.ts';

const MiB = 1024 ** 2;
const noWait = () => Promise.resolve();
const statusOf = (error: unknown) => (error as { status?: number }).status;

describe('planParts', () => {
  it('cuts a file into 16 MiB parts, the last holding the rest', () => {
    expect(planParts(40 * MiB)).toEqual([
      { partNumber: 1, start: 0, end: 16 * MiB },
      { partNumber: 2, start: 16 * MiB, end: 32 * MiB },
      { partNumber: 3, start: 32 * MiB, end: 40 * MiB },
    ]);
  });

  it('makes an exact multiple into whole parts, and an empty file into one empty part', () => {
    expect(planParts(32 * MiB).map((part) => part.end - part.start)).toEqual([PART_BYTES, PART_BYTES]);
    expect(planParts(0)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
  });

  it('takes larger parts when 16 MiB ones would need more than 10000', () => {
    const size = 200 * 1024 * MiB;
    const parts = planParts(size);
    expect(parts.length).toBeLessThanOrEqual(10_000);
    expect(parts.at(-1)!.end).toBe(size);
    // Contiguous: each part starts where the one before ended.
    expect(parts.every((part, i) => i === 0 || part.start === parts[i - 1]!.end)).toBe(true);
  });
});

describe('PartProgress', () => {
  it('adds up the parts, a retried part counting from zero again', () => {
    const totals: number[] = [];
    const progress = new PartProgress((loaded) => totals.push(loaded));
    progress.report(1, 10);
    progress.report(2, 5);
    progress.report(1, 16);
    progress.report(2, 0);
    expect(totals).toEqual([10, 15, 21, 16]);
  });
});

describe('withRetries', () => {
  it('tries a part again after a network or server failure, up to the number of attempts', async () => {
    const attempts: number[] = [];
    const result = await withRetries(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw attempt === 1 ? new Error('network') : Object.assign(new Error('bad gateway'), { status: 502 });
        return 'etag';
      },
      { attempts: 3, signal: new AbortController().signal, statusOf, wait: noWait },
    );
    expect(result).toBe('etag');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('gives up after the last attempt with the last failure', async () => {
    let tries = 0;
    await expect(
      withRetries(
        () => {
          tries++;
          return Promise.reject(Object.assign(new Error(`down ${tries}`), { status: 503 }));
        },
        { attempts: 3, signal: new AbortController().signal, statusOf, wait: noWait },
      ),
    ).rejects.toThrow('down 3');
    expect(tries).toBe(3);
  });

  it('fails at once on a refusal no retry changes, or once cancelled', async () => {
    let tries = 0;
    const refuse = () => {
      tries++;
      return Promise.reject(Object.assign(new Error('quota'), { status: 413 }));
    };
    await expect(withRetries(refuse, { attempts: 3, signal: new AbortController().signal, statusOf, wait: noWait })).rejects.toThrow(
      'quota',
    );
    expect(tries).toBe(1);

    const cancelled = new AbortController();
    cancelled.abort();
    const network = () => {
      tries++;
      return Promise.reject(new Error('aborted'));
    };
    await expect(withRetries(network, { attempts: 3, signal: cancelled.signal, statusOf, wait: noWait })).rejects.toThrow('aborted');
    expect(tries).toBe(2);
  });

  it('waits before each further attempt', async () => {
    const waited: number[] = [];
    await withRetries((attempt) => (attempt < 3 ? Promise.reject(new Error('x')) : Promise.resolve(attempt)), {
      attempts: 3,
      signal: new AbortController().signal,
      statusOf,
      wait: (attempt) => {
        waited.push(attempt);
        return Promise.resolve();
      },
    });
    expect(waited).toEqual([2, 3]);
  });

  it('retries timeouts, throttling and server errors only', () => {
    expect([undefined, 408, 429, 500, 503].map(isRetryable)).toEqual([true, true, true, true, true]);
    expect([400, 403, 404, 409, 413].map(isRetryable)).toEqual([false, false, false, false, false]);
  });
});

describe('inPool', () => {
  it('keeps at most the limit running and answers the results in order', async () => {
    let running = 0;
    let most = 0;
    const results = await inPool([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
  });

  it('stops taking items after a failure and rejects with it', async () => {
    const started: number[] = [];
    await expect(
      inPool([1, 2, 3, 4], 1, (n) => {
        started.push(n);
        return n === 2 ? Promise.reject(new Error('part 2')) : Promise.resolve(n);
      }),
    ).rejects.toThrow('part 2');
    expect(started).toEqual([1, 2]);
  });
});
