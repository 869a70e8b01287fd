import { describe, expect, it } from 'vitest';
import { createSharedRuns } from './work-limit.ts';

/** A run that finishes when the test says so, with the signal it was given. */
function controllable() {
  const signals: AbortSignal[] = [];
  let finish: (value: string) => void = () => undefined;
  const work = async (signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<string>((resolve) => (finish = resolve));
  };
  return { work, signals, finish: (value: string) => finish(value) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createSharedRuns', () => {
  it('shares one run among calls with the same key while it is in progress, and runs again after', async () => {
    const runs = createSharedRuns();
    const { work, signals, finish } = controllable();
    const first = runs.run('same', undefined, work);
    const second = runs.run('same', undefined, work);
    await settled();
    finish('one');
    expect([await first, await second]).toEqual(['one', 'one']);
    expect(signals).toHaveLength(1);
    await expect(runs.run('failing', undefined, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const after = runs.run('same', undefined, work);
    await settled();
    finish('three');
    expect(await after).toBe('three');
    expect(signals).toHaveLength(2);
  });

  it("aborts a run's signal only once every caller that joined it has gone", async () => {
    const runs = createSharedRuns();
    const { work, signals, finish } = controllable();
    const [a, b] = [new AbortController(), new AbortController()];
    const first = runs.run('key', a.signal, work);
    const second = runs.run('key', b.signal, work);
    await settled();
    a.abort();
    expect(signals[0]!.aborted).toBe(false);
    b.abort();
    expect(signals[0]!.aborted).toBe(true);
    finish('done');
    expect([await first, await second]).toEqual(['done', 'done']);
  });
});
