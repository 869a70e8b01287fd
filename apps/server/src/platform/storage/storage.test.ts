import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
