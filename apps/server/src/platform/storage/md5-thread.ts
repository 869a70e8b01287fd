/**
 * MD5 of streamed writes on a thread of its own. MD5 is the slowest of a write's digests (about half
 * the hashing of an upload); on its own thread it runs beside SHA-256, the checksums and the socket on
 * the main one. One worker, made on first use, serves every write of the process; it never keeps the
 * process alive.
 */
import { Worker } from 'node:worker_threads';

// CommonJS evaluated in the worker: one running hash per write, fed in order, answered at the end.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', ({ id, chunk, end, drop }) => {
  if (drop) return void hashes.delete(id);
  let hash = hashes.get(id);
  if (!hash) hashes.set(id, (hash = createHash('md5')));
  if (chunk) {
    hash.update(chunk);
    parentPort.postMessage({ id, hashed: chunk.byteLength });
  }
  if (end) {
    hashes.delete(id);
    parentPort.postMessage({ id, md5: hash.digest('hex') });
  }
});
`;

/** Bytes a write may have sent the worker and not yet seen hashed before it waits. */
const MAX_AHEAD_BYTES = 8 * 1024 * 1024;

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
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (message: { id: number; hashed?: number; md5?: string }) => {
    const write = pending.get(message.id);
    if (message.hashed !== undefined) write?.onHashed(message.hashed);
    if (message.md5 !== undefined) {
      pending.delete(message.id);
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
  worker = started;
  return started;
}

/** A running MD5 of one write: `update` resolves once the worker is not too far behind; `digest` answers the hex MD5. */
export function threadedMd5() {
  const id = nextId++;
  const thread = theWorker();
  let ahead = 0;
  let failure: Error | undefined;
  let caughtUp: (() => void) | undefined;
  let answer: { resolve(md5: string): void; reject(error: Error): void } | undefined;
  pending.set(id, {
    onHashed: (bytes) => {
      ahead -= bytes;
      if (ahead <= MAX_AHEAD_BYTES) caughtUp?.();
    },
    onDigest: (md5) => answer?.resolve(md5),
    onError: (error) => {
      failure = error;
      caughtUp?.();
      answer?.reject(error);
    },
  });
  return {
    async update(chunk: Buffer): Promise<void> {
      if (failure) throw failure;
      ahead += chunk.byteLength;
      thread.postMessage({ id, chunk });
      if (ahead <= MAX_AHEAD_BYTES) return;
      await new Promise<void>((resolve) => (caughtUp = resolve));
      caughtUp = undefined;
      if (failure) throw failure;
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
      if (!pending.delete(id)) return;
      thread.postMessage({ id, drop: true });
    },
  };
}
