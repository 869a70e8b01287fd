import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { AppError } from '../errors.ts';
import { threadedMd5 } from './md5-thread.ts';

/** What a streamed write learnt of the bytes on their way to disk. */
export interface StreamDigest {
  size: number;
  /** Hex digests. */
  md5: string;
  sha256: string;
  /** The first bytes (up to `HEAD_BYTES`), for telling the content type. */
  head: Buffer;
}

/**
 * What each stage of a streamed write may hold ahead of the next (node's default is 16 KiB, less than
 * one 64 KiB read of a socket): the socket is read, the bytes hashed and the file written at once,
 * rather than one chunk at a time through all three.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

/** How many first bytes a streamed write keeps for sniffing the content type. */
export const HEAD_BYTES = 4100;

/**
 * A pass-through that counts the bytes, hashes them (MD5 on its own thread, md5-thread.ts; SHA-256)
 * and keeps the first few, failing with a 413 as soon as more than `maxBytes` went through (the rest
 * is never read). `digest` answers once the stream has ended.
 */
export function meteredStream(maxBytes = Number.POSITIVE_INFINITY) {
  const md5 = threadedMd5();
  const sha256 = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let ended = false;
  const stream = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(new AppError('PAYLOAD_TOO_LARGE', `The upload is larger than the limit of ${maxBytes} bytes`, { limit: maxBytes }));
        return;
      }
      const hashing = md5.update(chunk);
      sha256.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      hashing.then(() => done(null, chunk), done);
    },
    flush(done) {
      ended = true;
      done();
    },
    // A write abandoned before its end: the worker forgets its hash.
    destroy(error, done) {
      if (error || !ended) md5.drop();
      done(error);
    },
  });
  const digest = async (): Promise<StreamDigest> => ({
    size,
    md5: await md5.digest(),
    sha256: sha256.digest('hex'),
    head: Buffer.concat(head),
  });
  return { stream, digest };
}
