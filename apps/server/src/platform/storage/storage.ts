import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors.ts';
import { flushingFileStream } from './flushing-file.ts';
import { meteredStream, STREAM_BUFFER_BYTES, type StreamDigest } from './metered.ts';

export type { StreamDigest } from './metered.ts';

/** How a streamed write is bounded and checked before it becomes visible. */
export interface PutOptions {
  /** More bytes than this fail the write with a 413 as soon as they arrive. */
  maxBytes?: number;
  /**
   * Runs once every byte is on disk, before the object is renamed into place: throwing (a declared
   * checksum or length that does not match) abandons the write and leaves nothing behind.
   */
  verify?(digest: StreamDigest): void | Promise<void>;
}

/** An inclusive byte range, as HTTP's Range header has it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where object bytes live, outside the database (ARCHITECTURE.md, Data). Keys are relative paths of
 * plain segments (`icons/3f2a…`), chosen by the caller, never by a client.
 */
export interface ObjectStorage {
  /**
   * Stores the bytes (given whole, or streamed: never held in memory) under the key, replacing what was
   * there; readers never see a partial object. A failed or refused write leaves no file behind.
   * Answers the size and digests of what was stored.
   */
  put(key: string, bytes: Uint8Array | Readable, options?: PutOptions): Promise<StreamDigest>;
  /** The object's bytes as a stream (only `range` of them when given), with the object's whole size; 404 when there is none. */
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>;
  /** Removes the object; a missing one is no error (deletes may be retried). */
  delete(key: string): Promise<void>;
  /**
   * What lies under `prefix/` and was last written before `before`: the objects, and the leftovers
   * of writes a crash interrupted (temporary files), which only `removeLeftover` removes.
   */
  listOlderThan(prefix: string, before: Date): Promise<{ objects: string[]; leftovers: string[] }>;
  removeLeftover(leftover: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;
const TEMPORARY = /\.tmp-[0-9a-f]{12}$/;

/** Refuses a key that could leave the storage's directory or name a temporary file. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  const valid = segments.length <= 8 && segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
  if (!valid || key.includes('.tmp-')) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Flushes a directory's entries to disk: a name added by a rename (or mkdir) is otherwise kept in
 * memory for a while, and a power loss would forget it though the file's bytes were on disk.
 */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes `directory` and any missing parent, each new name flushed to disk in the directory holding it. */
async function makeDirectoryDurably(directory: string): Promise<void> {
  const first = await mkdir(directory, { recursive: true });
  if (first === undefined) return;
  for (let made = directory; ; made = dirname(made)) {
    await syncDirectory(dirname(made));
    if (made === first) return;
  }
}

/** Reads of a file stream in chunks of at most this many bytes (node's default is 64 KiB). */
export const MAX_READ_CHUNK = 1024 * 1024;

/**
 * The chunk size of a read of `length` bytes: the whole of it up to MAX_READ_CHUNK, so that an object
 * of up to a mebibyte is one read and one write to the socket (64 KiB chunks cost sixteen of each),
 * and a small one holds no more memory than its size.
 */
export const readChunkBytes = (length: number) => Math.min(MAX_READ_CHUNK, Math.max(length, 1));

/**
 * The filesystem driver: objects are files under `root` (DATA_DIR/objects). A write goes to a
 * temporary name beside its target, is flushed to disk, then renamed into place, so a crash leaves
 * either the old object or the new one, never half of one.
 */
export function createFileStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes, options = {}) {
      const target = pathOf(key);
      await makeDirectoryDurably(dirname(target));
      const temporary = `${target}.tmp-${randomBytes(6).toString('hex')}`;
      const meter = meteredStream(options.maxBytes);
      try {
        const source = bytes instanceof Readable ? bytes : Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
        // On disk when the pipeline ends (flushingFileStream), so the rename never publishes bytes still in memory.
        await pipeline(source, meter.stream, flushingFileStream(temporary, STREAM_BUFFER_BYTES));
        const digest = await meter.digest();
        await options.verify?.(digest);
        await rename(temporary, target);
        await syncDirectory(dirname(target));
        return digest;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw notFound('The object');
      // The whole file as a range when it has bytes: a stream that knows its end stops there rather than read once more to find it.
      const bytes = range ?? (info.size > 0 ? { start: 0, end: info.size - 1 } : undefined);
      const stream = createReadStream(path, {
        highWaterMark: readChunkBytes(bytes ? bytes.end - bytes.start + 1 : 0),
        ...(bytes ? { start: bytes.start, end: bytes.end } : {}),
      });
      return { stream, size: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async listOlderThan(prefix, before) {
      const directory = pathOf(prefix);
      const names = await readdir(directory, { recursive: true }).catch(() => [] as string[]);
      const found = { objects: [] as string[], leftovers: [] as string[] };
      for (const name of names) {
        const info = await stat(join(directory, name)).catch(() => undefined);
        if (!info?.isFile() || info.mtime >= before) continue;
        const key = relative(root, join(directory, name)).split(sep).join('/');
        (TEMPORARY.test(key) ? found.leftovers : found.objects).push(key);
      }
      return found;
    },
    async removeLeftover(leftover) {
      assertStorageKey(leftover.replace(TEMPORARY, ''));
      if (!TEMPORARY.test(leftover)) throw new Error(`Not a leftover: ${JSON.stringify(leftover)}`);
      await rm(join(root, ...leftover.split('/')), { force: true });
    },
  };
}
