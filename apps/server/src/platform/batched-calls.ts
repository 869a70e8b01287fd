/**
 * Calls made in the same turn of the event loop, answered by one call of `run` with all their
 * inputs (at most `maxBatch` at a time): under load, one statement serves many requests instead
 * of one round trip each. `run` answers with one output per input, in the inputs' order; if it
 * fails, every call of its batch fails with its error. A call alone waits for nothing more than
 * the end of the current turn.
 *
 * `inOrder`: one run at a time, the calls that arrive meanwhile waiting for the next. A call then
 * resolves only once every call made before it has been answered (a log whose entries must be
 * durable in the order they were made).
 */
export function batchedCalls<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  maxBatch = 500,
  { inOrder = false }: { inOrder?: boolean } = {},
): (input: I) => Promise<O> {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let waiting: Call[] = [];
  let running = false;

  async function answer(batch: Call[]) {
    try {
      const outputs = await run(batch.map((call) => call.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} calls got ${outputs.length} answers`);
      batch.forEach((call, i) => call.resolve(outputs[i] as O));
    } catch (error) {
      batch.forEach((call) => call.reject(error));
    }
  }

  function flush() {
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    if (!inOrder) {
      if (waiting.length) setImmediate(flush);
      return void answer(batch);
    }
    running = true;
    void answer(batch).then(() => {
      running = false;
      if (waiting.length) flush();
    });
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.push({ input, resolve, reject }) === 1 && !running) setImmediate(flush);
    });
}
