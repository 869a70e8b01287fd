import { createHash, randomBytes } from 'node:crypto';
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
});
