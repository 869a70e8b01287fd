import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
