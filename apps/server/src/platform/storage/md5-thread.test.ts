import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { threadedMd5 } from './md5-thread.ts';

const md5Of = (...chunks: Buffer[]) => chunks.reduce((hash, chunk) => hash.update(chunk), createHash('md5')).digest('hex');

describe('MD5 on its own thread', () => {
  it('answers the MD5 of every chunk in order, for writes side by side and far ahead of the thread', async () => {
    const chunks = Array.from({ length: 40 }, () => randomBytes(512 * 1024));
    const [a, b] = [threadedMd5(), threadedMd5()];
    for (const chunk of chunks) {
      await a.update(chunk);
      await b.update(chunk.subarray(0, 1000));
    }
    expect(await a.digest()).toBe(md5Of(...chunks));
    expect(await b.digest()).toBe(md5Of(...chunks.map((chunk) => chunk.subarray(0, 1000))));
    expect(await threadedMd5().digest()).toBe(md5Of());
  });

  it('forgets an abandoned write, and the next writes hash as before', async () => {
    const abandoned = threadedMd5();
    await abandoned.update(Buffer.from('half of it'));
    abandoned.drop();
    await expect(abandoned.digest()).rejects.toThrow(/abandoned/);
    const next = threadedMd5();
    await next.update(Buffer.from('whole'));
    expect(await next.digest()).toBe(md5Of(Buffer.from('whole')));
  });

  it('keeps a process alive while an MD5 is pending, and not after: a script that hashes ends by itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-md5-'));
    try {
      const script = join(dir, 'hash.mts');
      const md5Thread = new URL('./md5-thread.ts', import.meta.url).href;
      writeFileSync(
        script,
        `import { threadedMd5 } from ${JSON.stringify(md5Thread)};\n` +
          `const md5 = threadedMd5();\n` +
          `await md5.update(Buffer.from('abc'));\n` +
          `setTimeout(async () => console.log(await md5.digest()), 50);\n`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 20_000 });
      expect(stdout.trim()).toBe(md5Of(Buffer.from('abc')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
