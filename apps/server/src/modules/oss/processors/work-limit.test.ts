import { describe, expect, it } from 'vitest';
import { createWorkLimit } from './work-limit.ts';

/** A run that finishes when the test says so, recording how many runs were in progress when it started. */
function controllable() {
  let inProgress = 0;
  const seen: number[] = [];
  const finishers: (() => void)[] = [];
  const work = (value: string) => async () => {
    seen.push(++inProgress);
    await new Promise<void>((resolve) => finishers.push(resolve));
    inProgress--;
    return value;
  };
  const finishOne = async () => {
    while (finishers.length === 0) await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()!();
  };
  return { work, seen, finishOne };
}

describe('createWorkLimit', () => {
  it('runs at most `concurrency` at once and all of them in the end', async () => {
    const limit = createWorkLimit(2);
    const { work, seen, finishOne } = controllable();
    const results = ['a', 'b', 'c', 'd', 'e'].map((key) => limit.run(key, work(key)));
    for (let i = 0; i < 5; i++) await finishOne();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Math.max(...seen)).toBe(2);
    expect(seen).toHaveLength(5);
  });

  it('shares one run among calls with the same key while it is in progress, and frees its slot on failure', async () => {
    const limit = createWorkLimit(1);
    const { work, seen, finishOne } = controllable();
    const first = limit.run('same', work('one'));
    const second = limit.run('same', work('two'));
    await finishOne();
    expect([await first, await second]).toEqual(['one', 'one']);
    expect(seen).toHaveLength(1);
    await expect(limit.run('failing', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const after = limit.run('same', work('three'));
    await finishOne();
    expect(await after).toBe('three');
  });
});
