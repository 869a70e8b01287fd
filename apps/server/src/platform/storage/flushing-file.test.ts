import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { FLUSH_EVERY_BYTES, flushingFileStream } from './flushing-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-flushing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How many of this process's file descriptors are open on `path` (Linux's /proc). */
function openDescriptorsOf(path: string): number {
  const target = (fd: string) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return undefined;
    }
  };
  return readdirSync('/proc/self/fd').filter((fd) => target(fd) === path).length;
}

describe('flushingFileStream', () => {
  it('writes every byte in order across several flushes, chunks of any size', async () => {
    const path = join(dir, 'many');
    const sizes = [1, 65_536, 3 * FLUSH_EVERY_BYTES + 17, 5, FLUSH_EVERY_BYTES, 0, 1_000_003];
    const chunks = sizes.map((size, i) => Buffer.alloc(size, i + 1));
    await pipeline(Readable.from(chunks), flushingFileStream(path, 1024 * 1024));
    const expected = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(expected);
  });

  it('never writes over an existing file', async () => {
    const path = join(dir, 'taken');
    writeFileSync(path, 'kept');
    await expect(pipeline(Readable.from([Buffer.from('new')]), flushingFileStream(path, 16))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(path, 'utf8')).toBe('kept');
  });

  it('fails with its source and closes the file, leaving its removal to the caller', async () => {
    const path = join(dir, 'cut');
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(10, 7));
    setTimeout(() => failing.destroy(new Error('connection lost')), 10);
    await expect(pipeline(failing, flushingFileStream(path, 16))).rejects.toThrow(/connection lost/);
    await expect.poll(() => openDescriptorsOf(path), { timeout: 5_000 }).toBe(0);
    expect(existsSync(path)).toBe(true);
  });
});
