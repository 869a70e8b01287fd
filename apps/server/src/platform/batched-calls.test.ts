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

  it('inOrder: calls made during a run start the next at once, and are answered only after every earlier call', async () => {
    const runs: number[][] = [];
    let release: () => void = () => undefined;
    const call = batchedCalls(
      async (inputs: number[]) => {
        runs.push(inputs);
        if (inputs.includes(1)) await new Promise<void>((resolve) => (release = resolve));
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
    // The second run went while the first was held, but its answers wait for the first's.
    expect(runs).toEqual([[1], [2, 3]]);
    expect(answered).toEqual([]);
    release();
    await Promise.all([first, ...later]);
    expect(answered).toEqual([1, 2, 3]);
  });

  it('inOrder: a failed run fails its own calls only, and the calls after it are answered', async () => {
    const call = batchedCalls(
      async (inputs: number[]) => {
        if (inputs.includes(1)) throw new Error('run failed');
        return inputs;
      },
      500,
      { inOrder: true },
    );
    const failed = expect(call(1)).rejects.toThrow('run failed');
    await new Promise((resolve) => setImmediate(resolve));
    const after = call(2);
    await failed;
    await expect(after).resolves.toBe(2);
  });
});
