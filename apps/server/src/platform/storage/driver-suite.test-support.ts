/**
 * The behaviour every object storage driver shares (ObjectStorage's contract), as one suite each
 * driver's test file runs against its own driver.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from './storage.ts';

export interface DriverUnderTest {
  storage: ObjectStorage;
  /** Leaves what a write cut by a crash leaves under `key` (a temporary file, an unfinished upload). */
  makeLeftover(key: string): Promise<void>;
}

const contents = async (storage: ObjectStorage, key: string) => text((await storage.read(key)).stream);

export function describeObjectStorage(name: string, driver: () => DriverUnderTest) {
  describe(`${name}: the object storage contract`, () => {
    it('writes, replaces, reads and deletes an object; deleting twice is no error', async () => {
      const { storage } = driver();
      await storage.put('icons/a1', Buffer.from('first'));
      await storage.put('icons/a1', Buffer.from('second'));
      const { stream, size } = await storage.read('icons/a1');
      expect([await text(stream), size]).toEqual(['second', 6]);
      await storage.delete('icons/a1');
      await storage.delete('icons/a1');
      await expect(storage.read('icons/a1')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('refuses keys that could leave its space or name a temporary file', async () => {
      const { storage } = driver();
      for (const key of ['../x', 'icons/../../x', '/etc/passwd', 'a//b', '', 'icons/a.tmp-1', '.hidden/..']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      }
    });

    it('streams a write with its size, MD5, SHA-256 and first bytes, and reads a byte range', async () => {
      const { storage } = driver();
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

    it('stores many megabytes streamed in small chunks, byte for byte', async () => {
      const { storage } = driver();
      const total = 20 * 1024 ** 2 + 123;
      const hash = createHash('sha256');
      async function* body() {
        for (let sent = 0; sent < total;) {
          const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent), sent % 251);
          hash.update(chunk);
          sent += chunk.length;
          yield chunk;
        }
      }
      const digest = await storage.put('streams/large', Readable.from(body()));
      expect(digest.size).toBe(total);
      expect(digest.sha256).toBe(hash.digest('hex'));
      const read = createHash('sha256');
      for await (const chunk of (await storage.read('streams/large')).stream) read.update(chunk as Buffer);
      expect(read.digest('hex')).toBe(digest.sha256);
    });

    it('abandons a write over its limit, refused by its check, or whose source fails: the old object stays, no new one appears', async () => {
      const { storage } = driver();
      await storage.put('refused/kept', Buffer.from('old bytes'));
      await expect(
        storage.put('refused/kept', Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), { maxBytes: 15 }),
      ).rejects.toMatchObject({
        statusCode: 413,
      });
      const refuse = () => {
        throw new Error('checksum mismatch');
      };
      await expect(storage.put('refused/kept', Buffer.from('new bytes'), { verify: refuse })).rejects.toThrow(/checksum mismatch/);
      await expect(storage.put('refused/new', Buffer.alloc(9 * 1024 ** 2), { verify: refuse })).rejects.toThrow(/checksum mismatch/);
      const failing = new Readable({ read() {} });
      failing.push(Buffer.alloc(1000));
      setTimeout(() => failing.destroy(new Error('connection lost')), 10);
      await expect(storage.put('refused/cut', failing)).rejects.toThrow(/connection lost/);
      expect(await contents(storage, 'refused/kept')).toBe('old bytes');
      for (const key of ['refused/new', 'refused/cut']) await expect(storage.read(key)).rejects.toMatchObject({ statusCode: 404 });
      const listed = await storage.listOlderThan('refused', new Date(Date.now() + 60_000));
      expect(listed).toEqual({ objects: ['refused/kept'], leftovers: [] });
    });

    it('lists what is older than a date under a prefix, objects apart from leftovers, and removes only leftovers', async () => {
      const { storage, makeLeftover } = driver();
      await storage.put('maps/old', Buffer.from('x'));
      await storage.put('maps/deep/old', Buffer.from('x'));
      await storage.put('mapsake/other', Buffer.from('x'));
      await makeLeftover('maps/cut');
      const later = new Date(Date.now() + 60_000);
      const found = await storage.listOlderThan('maps', later);
      expect(found.objects.sort()).toEqual(['maps/deep/old', 'maps/old']);
      expect(found.leftovers).toHaveLength(1);
      expect(await storage.listOlderThan('maps', new Date(Date.now() - 60_000))).toEqual({ objects: [], leftovers: [] });
      expect(await storage.listOlderThan('nothing-here', later)).toEqual({ objects: [], leftovers: [] });
      await expect(storage.removeLeftover('maps/old')).rejects.toThrow(/Not a leftover/);
      await storage.removeLeftover(found.leftovers[0]!);
      expect((await storage.listOlderThan('maps', later)).leftovers).toEqual([]);
      expect(await contents(storage, 'maps/old')).toBe('x');
    });
  });
}
