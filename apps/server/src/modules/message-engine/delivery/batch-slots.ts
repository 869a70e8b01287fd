/**
 * Batches in flight per channel, at most as many as the channel has connections: each batch then
 * has a connection's worth of the pool and runs to its end in turn, instead of every claimed batch
 * sharing the pool at once and none finishing until near the end of the send. First come, first
 * served. Per process, as the pools are.
 */
export function createBatchSlots() {
  const channels = new Map<string, { running: number; waiting: (() => void)[] }>();

  /** Waits for a slot of the channel (`size` of them); answers the function that gives it back. */
  return async function take(channelId: string, size: number): Promise<() => void> {
    let slots = channels.get(channelId);
    if (!slots) channels.set(channelId, (slots = { running: 0, waiting: [] }));
    const own = slots;
    if (own.running >= size) await new Promise<void>((resolve) => own.waiting.push(resolve));
    else own.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      // The slot passes straight to the next batch waiting, or is free.
      const next = own.waiting.shift();
      if (next) return next();
      own.running -= 1;
      if (own.running === 0) channels.delete(channelId);
    };
  };
}
