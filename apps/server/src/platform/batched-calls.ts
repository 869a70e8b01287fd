/**
 * Calls made in the same turn of the event loop, answered by one call of `run` with all their
 * inputs (at most `maxBatch` at a time): under load, one statement serves many requests instead
 * of one round trip each. `run` answers with one output per input, in the inputs' order; if it
 * fails, every call of its batch fails with its error. A call alone waits for nothing more than
 * the end of the current turn.
 *
 * `inOrder`: a call resolves only once every call made before it has been answered (a log whose
 * entries must be durable in the order they were made). Runs still overlap: the calls that arrive
 * while one runs start the next at once, and its answers wait for the earlier run's. Holding the
 * next run back until the current one ended made each call wait for up to two runs.
 */
export function batchedCalls<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  maxBatch = 500,
  { inOrder = false }: { inOrder?: boolean } = {},
): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Call[] = [];
  /** inOrder: settles once the latest run's calls have been answered (never rejects). */
  let answered: Promise<void> = Promise.resolve();

  async function answer(batch: Call[], earlier: Promise<void>) {
    let settle: () => void;
    try {
      const outputs = await run(batch.map((call) => call.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} calls got ${outputs.length} answers`);
      settle = () => batch.forEach((call, i) => call.resolve(outputs[i] as O));
    } catch (error) {
      settle = () => batch.forEach((call) => call.reject(error));
    }
    await earlier;
    settle();
  }

  function flush() {
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    if (waiting.length) setImmediate(flush);
    if (!inOrder) return void answer(batch, Promise.resolve());
    answered = answer(batch, answered);
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.push({ input, resolve, reject }) === 1) setImmediate(flush);
    });
}
