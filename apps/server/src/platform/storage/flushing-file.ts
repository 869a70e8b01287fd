import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Bytes written between two flushes to disk: the flush that ends a file has at most about this much left. */
export const FLUSH_EVERY_BYTES = 8 * 1024 * 1024;

/**
 * A new file (never an existing one: `wx`) written in order, flushed to disk as it grows: every
 * FLUSH_EVERY_BYTES a flush (fdatasync) starts beside the writes, one at a time, and the stream
 * finishes only once a last fsync has put everything on disk and the file is closed. Flushing at the
 * end alone made a 64 MiB upload wait ~18 ms after its last byte; flushed as it came, the tail takes ~2 ms.
 */
export function flushingFileStream(path: string, highWaterMark: number): Writable {
  let file: FileHandle | undefined;
  let unflushed = 0;
  let flushing: Promise<void> | undefined;
  let flushFailure: unknown;
  const startFlush = (handle: FileHandle) => {
    unflushed = 0;
    flushing = handle.datasync().then(
      () => (flushing = undefined),
      (error: unknown) => ((flushFailure = error), (flushing = undefined)),
    );
  };
  const writeAll = async (handle: FileHandle, chunks: Buffer[]) => {
    for (let rest = chunks; rest.length > 0;) {
      const { bytesWritten } = await handle.writev(rest);
      rest = remainderAfter(rest, bytesWritten);
      unflushed += bytesWritten;
    }
    if (flushFailure) throw flushFailure;
    if (unflushed >= FLUSH_EVERY_BYTES && !flushing) startFlush(handle);
  };
  const closeFile = async () => {
    const handle = file;
    file = undefined;
    await flushing;
    await handle?.close();
  };
  return new Writable({
    highWaterMark,
    construct(done) {
      open(path, 'wx').then((handle) => ((file = handle), done()), done);
    },
    writev(chunks, done) {
      writeAll(
        file as FileHandle,
        chunks.map(({ chunk }) => chunk as Buffer),
      ).then(() => done(), done);
    },
    final(done) {
      const handle = file as FileHandle;
      (async () => {
        await flushing;
        if (flushFailure) throw flushFailure;
        await handle.sync();
        await closeFile();
      })().then(() => done(), done);
    },
    destroy(error, done) {
      closeFile().then(
        () => done(error),
        (closing: unknown) => done(error ?? (closing as Error)),
      );
    },
  });
}

/** What is left of `chunks` once their first `bytes` bytes are written. */
function remainderAfter(chunks: Buffer[], bytes: number): Buffer[] {
  let index = 0;
  let skip = bytes;
  while (index < chunks.length && skip >= (chunks[index] as Buffer).length) skip -= (chunks[index++] as Buffer).length;
  if (index === chunks.length) return [];
  return [(chunks[index] as Buffer).subarray(skip), ...chunks.slice(index + 1)];
}
