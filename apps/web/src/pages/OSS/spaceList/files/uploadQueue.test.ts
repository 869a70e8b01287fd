import { describe, expect, it } from 'vitest';
import {
  percentOf,
  queueTotals,
  UploadQueue,
  type Transport,
  type TransportProgress,
  type UploadItem,
  type UploadJob,
} from './uploadQueue.ts';

/** A transport the test drives by hand: each started file waits until the test settles it. */
function manualTransport() {
  const started: { job: UploadJob; progress: TransportProgress; settle: (error?: Error) => void }[] = [];
  const transport: Transport = (job, progress) =>
    new Promise<void>((resolve, reject) => {
      progress.signal.addEventListener('abort', () => reject(new Error('aborted')));
      started.push({ job, progress, settle: (error) => (error ? reject(error) : resolve()) });
    });
  return { started, transport };
}

const job = (name: string, bytes: number): UploadJob => ({ file: new Blob([new Uint8Array(bytes)]), prefix: 'up/', name });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function queueWith(concurrency: number, refusal?: (job: UploadJob) => string | null) {
  const { started, transport } = manualTransport();
  let items: readonly UploadItem[] = [];
  const stored: string[] = [];
  const queue = new UploadQueue({
    transportFor: () => transport,
    concurrency,
    onChange: (next) => (items = next),
    onStored: (item) => stored.push(item.key),
    describeError: (error) => (error instanceof Error ? error.message : 'failed'),
    ...(refusal ? { refusal } : {}),
  });
  return { queue, started, stored, items: () => items, stateOf: (key: string) => items.find((item) => item.key === key)?.state };
}

describe('UploadQueue', () => {
  it('uploads a few at a time, starting the next when one finishes', async () => {
    const { queue, started, stored, stateOf } = queueWith(2);
    queue.add([job('a', 10), job('b', 10), job('c', 10)]);
    expect(started.map((entry) => entry.job.name)).toEqual(['a', 'b']);
    expect(stateOf('up/c')).toBe('queued');

    started[0]?.settle();
    await flush();
    expect(stateOf('up/a')).toBe('done');
    expect(stored).toEqual(['up/a']);
    expect(started.map((entry) => entry.job.name)).toEqual(['a', 'b', 'c']);
  });

  it('reports progress per file and in total, a finished file counting whole', async () => {
    const { queue, started, items } = queueWith(2);
    queue.add([job('a', 100), job('b', 300)]);
    started[0]?.progress.onProgress(50);
    started[1]?.progress.onProgress(150);
    expect(items().map(percentOf)).toEqual([50, 50]);
    expect(queueTotals(items())).toEqual({ size: 400, loaded: 200, active: 2, failed: 0 });
    started[0]?.settle();
    await flush();
    expect(queueTotals(items())).toMatchObject({ loaded: 250, active: 1 });
    expect(percentOf(items()[0]!)).toBe(100);
  });

  it('cancels a file on its way (aborting it) and one still waiting, and goes on with the rest', async () => {
    const { queue, started, stateOf, stored } = queueWith(1);
    queue.add([job('a', 10), job('b', 10), job('c', 10)]);
    const [first] = started;
    queue.cancel(queue.snapshot[1]!.id);
    queue.cancel(queue.snapshot[0]!.id);
    expect(first?.progress.signal.aborted).toBe(true);
    await flush();
    expect(stateOf('up/a')).toBe('cancelled');
    expect(stateOf('up/b')).toBe('cancelled');
    expect(started.map((entry) => entry.job.name)).toEqual(['a', 'c']);
    started[1]?.settle();
    await flush();
    expect(stored).toEqual(['up/c']);
  });

  it("keeps a failure's reason, leaves the others going, and clears finished rows on request", async () => {
    const { queue, started, items, stateOf } = queueWith(2);
    queue.add([job('a', 10), job('b', 10)]);
    started[0]?.settle(new Error('The bucket quota is full'));
    await flush();
    expect(items()[0]).toMatchObject({ state: 'failed', error: 'The bucket quota is full' });
    expect(stateOf('up/b')).toBe('uploading');
    expect(queueTotals(items())).toEqual({ size: 10, loaded: 0, active: 1, failed: 1 });
    queue.clearFinished();
    expect(items().map((item) => item.key)).toEqual(['up/b']);
  });

  it('fails a file refused before sending without sending it, and sends the rest', () => {
    const { queue, started, items } = queueWith(2, (job) => (job.file.size > 50 ? 'Larger than this space takes' : null));
    queue.add([job('big', 100), job('small', 10)]);
    expect(started.map((entry) => entry.job.name)).toEqual(['small']);
    expect(items()[0]).toMatchObject({ key: 'up/big', state: 'failed', error: 'Larger than this space takes' });
  });

  it('shows an empty file at 0% until it is stored', () => {
    expect(percentOf({ size: 0, loaded: 0, state: 'uploading' })).toBe(0);
    expect(percentOf({ size: 0, loaded: 0, state: 'done' })).toBe(100);
  });
});
