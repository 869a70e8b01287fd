import { describe, expect, it } from 'vitest';
import { batchedCalls } from './batched-calls.ts';

describe('batchedCalls', () => {
  it('answers the calls of one turn with one run, each with its own output', async () => {
    const runs: number[][] = [];
    const double = batchedCalls(async (inputs: number[]) => (runs.push(inputs), inputs.map((n) => n * 2)));
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('runs at most maxBatch inputs at a time', async () => {
    const runs: number[][] = [];
    const same = batchedCalls(async (inputs: number[]) => (runs.push(inputs), inputs), 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(same))).toEqual([1, 2, 3, 4, 5]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("fails every call of a batch with the run's error, and the next batch runs again", async () => {
    let fail = true;
    const call = batchedCalls(async (inputs: number[]) => {
      if (fail) throw new Error('database down');
      return inputs;
    });
    const failed = await Promise.allSettled([call(1), call(2)]);
    expect(failed.map((result) => result.status === 'rejected' && (result.reason as Error).message)).toEqual([
      'database down',
      'database down',
    ]);
    fail = false;
    expect(await call(3)).toBe(3);
  });

  it('fails a batch answered with the wrong number of outputs', async () => {
    const short = batchedCalls(async (inputs: number[]) => inputs.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow('a batch of 2 calls got 1 answers');
  });

  it('inOrder: one run at a time; calls made during a run wait for the next, so a call resolves after every earlier one', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    let running = 0;
    let most = 0;
    const call = batchedCalls(
      async (inputs: number[]) => {
        running += 1;
        most = Math.max(most, running);
        runs.push(inputs);
        if (inputs.includes(1)) await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
        return inputs;
      },
      500,
      { inOrder: true },
    );
    const answered: number[] = [];
    const first = call(1).then((n) => answered.push(n));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [call(2), call(3)].map((pending) => pending.then((n) => answered.push(n)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(runs).toEqual([[1], [2, 3]]);
    expect(answered).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });
});
