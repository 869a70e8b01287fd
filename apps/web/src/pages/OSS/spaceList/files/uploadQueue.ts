/**
 * The upload queue of the file browser: files wait, a few upload at a time, each reporting its
 * progress, and any can be cancelled (waiting or on its way). How the bytes travel is the
 * transport's business, chosen per file, so a resumable multipart transport for big files slots in
 * beside the single upload without changing the queue.
 */

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file to store: its bytes, the folder it goes into and its name there. */
export interface UploadJob {
  file: Blob;
  prefix: string;
  name: string;
}

/** What the browser shows of one upload. */
export interface UploadItem {
  id: number;
  key: string;
  size: number;
  loaded: number;
  state: UploadState;
  /** Why it failed, as the server or the network said. */
  error?: string;
}

export interface TransportProgress {
  signal: AbortSignal;
  /** Bytes sent so far. */
  onProgress: (loaded: number) => void;
}

/** Sends one file; rejects on failure (an abort through `signal` included). */
export type Transport = (job: UploadJob, progress: TransportProgress) => Promise<void>;

export interface UploadQueueOptions {
  /** The transport for a file (by its size, later: single upload or multipart). */
  transportFor: (job: UploadJob) => Transport;
  /** How many files travel at once. */
  concurrency: number;
  /** Called after every change with the new list. */
  onChange: (items: readonly UploadItem[]) => void;
  /** Called after each file is stored (to reload the listing). */
  onStored?: (item: UploadItem) => void;
  /** The reason shown for a failure. */
  describeError: (error: unknown) => string;
  /** Why a file is refused before it is sent (larger than the space takes), or null to send it. */
  refusal?: (job: UploadJob) => string | null;
}

export const isFinished = (item: UploadItem): boolean => item.state === 'done' || item.state === 'failed' || item.state === 'cancelled';

/** Overall progress of the queue in bytes, for the summary bar. */
export function queueTotals(items: readonly UploadItem[]): { size: number; loaded: number; active: number; failed: number } {
  let size = 0;
  let loaded = 0;
  let active = 0;
  let failed = 0;
  for (const item of items) {
    if (item.state === 'failed') failed++;
    // Bytes that will never arrive do not hold the total back.
    if (item.state === 'cancelled' || item.state === 'failed') continue;
    size += item.size;
    loaded += item.state === 'done' ? item.size : item.loaded;
    if (!isFinished(item)) active++;
  }
  return { size, loaded, active, failed };
}

/** 0–100: a file's progress bar. An empty file is done at once; until then it shows 0. */
export function percentOf(item: Pick<UploadItem, 'size' | 'loaded' | 'state'>): number {
  if (item.state === 'done') return 100;
  if (item.size === 0) return 0;
  return Math.min(99, Math.floor((item.loaded / item.size) * 100));
}

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly jobs = new Map<number, UploadJob>();
  private readonly running = new Map<number, AbortController>();
  private nextId = 1;

  constructor(private readonly options: UploadQueueOptions) {}

  get snapshot(): readonly UploadItem[] {
    return this.items;
  }

  /** Queues files and starts as many as the concurrency allows. */
  add(jobs: readonly UploadJob[]): void {
    for (const job of jobs) {
      const id = this.nextId++;
      const item: UploadItem = { id, key: job.prefix + job.name, size: job.file.size, loaded: 0, state: 'queued' };
      const refused = this.options.refusal?.(job) ?? null;
      if (refused === null) this.jobs.set(id, job);
      this.items = [...this.items, refused === null ? item : { ...item, state: 'failed', error: refused }];
    }
    this.publish();
    this.pump();
  }

  /** Cancels a waiting file, or aborts one on its way. */
  cancel(id: number): void {
    const item = this.items.find((candidate) => candidate.id === id);
    if (!item || isFinished(item)) return;
    this.running.get(id)?.abort();
    if (!this.running.has(id)) this.jobs.delete(id);
    this.update(id, { state: 'cancelled' });
    this.pump();
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.id);
  }

  /** Drops the finished rows from the list. */
  clearFinished(): void {
    this.items = this.items.filter((item) => !isFinished(item));
    this.publish();
  }

  private pump(): void {
    for (const item of this.items) {
      if (this.running.size >= this.options.concurrency) return;
      if (item.state === 'queued') void this.start(item.id);
    }
  }

  private async start(id: number): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) return;
    const controller = new AbortController();
    this.running.set(id, controller);
    this.update(id, { state: 'uploading' });
    try {
      await this.options.transportFor(job)(job, {
        signal: controller.signal,
        onProgress: (loaded) => {
          if (!controller.signal.aborted) this.update(id, { loaded: Math.min(loaded, job.file.size) });
        },
      });
      if (!controller.signal.aborted) {
        this.update(id, { state: 'done', loaded: job.file.size });
        const stored = this.items.find((item) => item.id === id);
        if (stored) this.options.onStored?.(stored);
      }
    } catch (error) {
      if (!controller.signal.aborted) this.update(id, { state: 'failed', error: this.options.describeError(error) });
    } finally {
      this.running.delete(id);
      this.jobs.delete(id);
      this.pump();
    }
  }

  private update(id: number, change: Partial<UploadItem>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    this.publish();
  }

  private publish(): void {
    this.options.onChange(this.items);
  }
}
