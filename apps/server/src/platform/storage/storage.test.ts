import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileStorage } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createFileStorage(root);

describe('the filesystem object storage', () => {
  it('writes, replaces, reads and deletes an object, leaving no temporary file', async () => {
    await storage.put('icons/a1', Buffer.from('first'));
    await storage.put('icons/a1', Buffer.from('second'));
    const { stream, size } = await storage.read('icons/a1');
    expect(await text(stream)).toBe('second');
    expect(size).toBe(6);
    expect(readdirSync(join(root, 'icons'))).toEqual(['a1']);
    await storage.delete('icons/a1');
    await storage.delete('icons/a1');
    await expect(storage.read('icons/a1')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses keys that leave its directory or name a temporary file', async () => {
    for (const key of ['../x', 'icons/../../x', '/etc/passwd', 'a//b', '', 'icons/a.tmp-1', '.hidden/..']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('lists what is older than a date under a prefix, objects apart from interrupted writes, and removes only leftovers', async () => {
    await storage.put('maps/old', Buffer.from('x'));
    await storage.put('maps/deep/old', Buffer.from('x'));
    await storage.put('maps/new', Buffer.from('x'));
    writeFileSync(join(root, 'maps', 'old.tmp-0123456789ab'), 'half');
    const past = new Date(Date.now() - 60_000);
    for (const name of ['old', 'deep/old', 'old.tmp-0123456789ab']) utimesSync(join(root, 'maps', name), past, past);
    const found = await storage.listOlderThan('maps', new Date(Date.now() - 1_000));
    expect(found.objects.sort()).toEqual(['maps/deep/old', 'maps/old']);
    expect(found.leftovers).toEqual(['maps/old.tmp-0123456789ab']);
    expect(await storage.listOlderThan('nothing-here', new Date())).toEqual({ objects: [], leftovers: [] });
    await expect(storage.removeLeftover('maps/old')).rejects.toThrow(/Not a leftover/);
    await expect(storage.removeLeftover('../x.tmp-0123456789ab')).rejects.toThrow(/Invalid storage key/);
    await storage.removeLeftover('maps/old.tmp-0123456789ab');
    expect(readdirSync(join(root, 'maps')).sort()).toEqual(['deep', 'new', 'old']);
  });

  it('streams a write to disk with its size, MD5, SHA-256 and first bytes, and reads a byte range', async () => {
    const chunks = ['hello ', 'streamed ', 'world'];
    const digest = await storage.put('streams/a', Readable.from(chunks.map((chunk) => Buffer.from(chunk))));
    const whole = chunks.join('');
    expect(digest).toEqual({
      size: whole.length,
      md5: createHash('md5').update(whole).digest('hex'),
      sha256: createHash('sha256').update(whole).digest('hex'),
      head: Buffer.from(whole),
    });
    const { stream, size } = await storage.read('streams/a', { start: 6, end: 13 });
    expect([await text(stream), size]).toEqual(['streamed', whole.length]);
  });

  it('abandons a write over its limit, refused by its check, or whose source fails, leaving no file', async () => {
    await expect(storage.put('streams/big', Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { maxBytes: 15 })).rejects.toMatchObject({
      statusCode: 413,
    });
    await expect(
      storage.put('streams/checked', Buffer.from('abc'), {
        verify: () => {
          throw new Error('checksum mismatch');
        },
      }),
    ).rejects.toThrow(/checksum mismatch/);
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1000));
    setTimeout(() => failing.destroy(new Error('connection lost')), 10);
    await expect(storage.put('streams/cut', failing)).rejects.toThrow(/connection lost/);
    expect(readdirSync(join(root, 'streams'))).toEqual(['a']);
  });
});
