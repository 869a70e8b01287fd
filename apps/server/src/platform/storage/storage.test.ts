import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { describeObjectStorage } from './driver-suite.test-support.ts';
import { createFileStorage } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createFileStorage(root);

describeObjectStorage('the filesystem driver', () => ({
  storage,
  async makeLeftover(key) {
    const path = join(root, `${key}.tmp-0123456789ab`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'half');
  },
}));

describe('the filesystem driver on disk', () => {
  it('leaves no temporary file beside its objects, whether a write succeeded or failed', async () => {
    await storage.put('disk/a', Buffer.from('first'));
    await storage.put('disk/a', Buffer.from('second'));
    await expect(storage.put('disk/b', Buffer.from('x'), { maxBytes: 0 })).rejects.toMatchObject({ statusCode: 413 });
    expect(readdirSync(join(root, 'disk'))).toEqual(['a']);
  });

  it('leaves no temporary file when its source fails before the file is open', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('early/a', failing)).rejects.toThrow(/connection lost/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(join(root, 'early'))).toEqual([]);
  });

  it('removes a leftover only inside its directory', async () => {
    await expect(storage.removeLeftover('../x.tmp-0123456789ab')).rejects.toThrow(/Invalid storage key/);
  });
});
