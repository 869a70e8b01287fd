/**
 * MD5 of streamed writes on a thread of its own. MD5 is the slowest of a write's digests (about half
 * the hashing of an upload); on its own thread it runs beside SHA-256, the checksums and the socket on
 * the main one. One worker, made on first use, serves every write of the process; it keeps the
 * process alive only while a write's MD5 is pending.
 */
import { Worker } from 'node:worker_threads';

// CommonJS evaluated in the worker: one running hash per write, fed in order from the write's ring
// of shared memory (no copy per chunk to collect), answered at the end.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const writes = new Map();
parentPort.on('message', ({ id, ring, start, length, end, drop }) => {
  if (drop) return void writes.delete(id);
  let write = writes.get(id);
  if (!write) writes.set(id, (write = { hash: createHash('md5'), ring: undefined }));
  if (ring) write.ring = ring;
  if (length) {
    write.hash.update(new Uint8Array(write.ring, start, length));
    parentPort.postMessage({ id, hashed: length });
  }
  if (end) {
    writes.delete(id);
    parentPort.postMessage({ id, md5: write.hash.digest('hex') });
  }
});
`;

/** Each write's ring of memory shared with the worker: the most it may have ahead of the hashing. */
const RING_BYTES = 4 * 1024 * 1024;

interface Pending {
  onHashed(bytes: number): void;
  onDigest(md5: string): void;
  onError(error: Error): void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function theWorker(): Worker {
  if (worker) return worker;
  // It holds a hash and a ring per write and allocates little: a small heap keeps its memory small.
  const started = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 } });
  started.on('message', (message: { id: number; hashed?: number; md5?: string }) => {
    const write = pending.get(message.id);
    if (message.hashed !== undefined) write?.onHashed(message.hashed);
    if (message.md5 !== undefined) {
      settle(message.id);
      write?.onDigest(message.md5);
    }
  });
  const fail = (error: Error) => {
    worker = undefined;
    for (const write of pending.values()) write.onError(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The MD5 thread stopped (exit code ${code})`)));
  // After the listeners: adding a 'message' listener refs a worker again.
  started.unref();
  worker = started;
  return started;
}

/** A write's MD5 is no longer pending; with none left, the worker no longer keeps the process alive. */
function settle(id: number): boolean {
  const was = pending.delete(id);
  if (pending.size === 0) worker?.unref();
  return was;
}

/** A running MD5 of one write: `update` resolves once its bytes are in the ring; `digest` answers the hex MD5. */
export function threadedMd5() {
  const id = nextId++;
  const thread = theWorker();
  let ring: Uint8Array | undefined;
  let written = 0;
  let ahead = 0;
  let failure: Error | undefined;
  let caughtUp: (() => void) | undefined;
  let answer: { resolve(md5: string): void; reject(error: Error): void } | undefined;
  thread.ref();
  pending.set(id, {
    onHashed: (bytes) => {
      ahead -= bytes;
      caughtUp?.();
    },
    onDigest: (md5) => answer?.resolve(md5),
    onError: (error) => {
      failure = error;
      caughtUp?.();
      answer?.reject(error);
    },
  });
  const roomInRing = async () => {
    while (ahead === RING_BYTES && !failure) await new Promise<void>((resolve) => (caughtUp = resolve));
    caughtUp = undefined;
    if (failure) throw failure;
  };
  return {
    async update(chunk: Uint8Array): Promise<void> {
      if (!ring) {
        const shared = new SharedArrayBuffer(RING_BYTES);
        ring = new Uint8Array(shared);
        thread.postMessage({ id, ring: shared });
      }
      for (let offset = 0; offset < chunk.length;) {
        await roomInRing();
        const start = written % RING_BYTES;
        const length = Math.min(RING_BYTES - ahead, RING_BYTES - start, chunk.length - offset);
        ring.set(chunk.subarray(offset, offset + length), start);
        thread.postMessage({ id, start, length });
        [written, ahead, offset] = [written + length, ahead + length, offset + length];
      }
    },
    digest(): Promise<string> {
      return new Promise((resolve, reject) => {
        if (failure) return reject(failure);
        if (!pending.has(id)) return reject(new Error('The MD5 of an abandoned write'));
        answer = { resolve, reject };
        thread.postMessage({ id, end: true });
      });
    },
    /** Forgets an abandoned write's hash. */
    drop(): void {
      if (!settle(id)) return;
      thread.postMessage({ id, drop: true });
    },
  };
}
