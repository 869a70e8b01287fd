import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OSS_PREFIX } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../../test/factories/identity.ts';
import { completeParts, MiB, putPart, uploadIdOf } from '../../../../test/factories/oss-multipart.ts';
import { fileUrl, ossCaller, ossDataDir, storedFiles } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';

const dataDir = ossDataDir();
// An upload a crash cut short before this start: its temporary file, last written a minute ago.
const leftover = join(dataDir, 'objects', 'oss', '0f8fad5b-d9cb-469f-a165-70867728950e', 'b1946ac9.tmp-0123456789ab');
beforeAll(() => {
  mkdirSync(dirname(leftover), { recursive: true });
  writeFileSync(leftover, 'half an upload');
  const past = new Date(Date.now() - 60_000);
  utimesSync(leftover, past, past);
});
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });

/**
 * `total` bytes in 64 KiB chunks made on demand, hashing them as they go: never the whole body in
 * memory. `everyMiB` runs after each mebibyte is made (while the server is taking the earlier ones).
 */
function generated(total: number, everyMiB: () => void = () => undefined) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent), sent % 251);
      sent += chunk.length;
      if (sent % MiB === 0) everyMiB();
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

// What is still held after a collection (garbage chunks already passed on do not count).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const inMemory = () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/** The app's port, listening on a free one from the first call. */
async function listening(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

describe('streamed uploads', () => {
  it('reclaims the temporary files of uploads a crash interrupted when the module starts', () => {
    expect(t.app.server).toBeDefined();
    expect(existsSync(leftover)).toBe(false);
  });

  it('stores 64 MiB with memory bounded well below its size, digests matching', async () => {
    const token = await adminToken(t);
    const admin = ossCaller(t, token);
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'streamed-big' } })).json();
    const baseline = inMemory();
    let peak = baseline;
    let samples = 0;
    // Sampled as the body is made (every 8 MiB), however fast the server takes it.
    const body = generated(64 * MiB, () => {
      samples += 1;
      if (samples % 8 === 0) peak = Math.max(peak, inMemory());
    });
    const port = await listening();
    // Through a real socket, so the body arrives as a client sends it, at the pace the server reads it.
    const put = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const client = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `${OSS_PREFIX}${fileUrl(id, 'big.bin')}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(64 * MiB) },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
        },
      );
      client.on('error', reject);
      body.stream.pipe(client);
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(JSON.parse(put.body)).toMatchObject({ size: 64 * MiB, sha256: body.sha256() });
    expect(samples).toBe(64);
    // Holding the body would take its 64 MiB; what is live stays well below (measured 5–25 MiB, other test files sharing the process).
    expect(peak - baseline).toBeLessThan(40 * MiB);
    const tail = await admin({ method: 'GET', url: fileUrl(id, 'big.bin'), headers: { range: `bytes=${64 * MiB - 3}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(3);
  }, 120_000);

  it('assembles 64 MiB of parts into one object with memory bounded well below its size, digests matching', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'streamed-parts' } })).json();
    const uploadId = await uploadIdOf(admin, id, 'assembled.bin');
    const whole = createHash('sha256');
    const listed: { partNumber: number; etag: string }[] = [];
    // Twelve parts of 5 MiB and a last one of 4 MiB, each made, sent and let go in turn.
    for (let partNumber = 1; partNumber <= 13; partNumber += 1) {
      const part = Buffer.alloc(partNumber === 13 ? 4 * MiB : 5 * MiB, partNumber);
      whole.update(part);
      listed.push({ partNumber, etag: (await putPart(admin, id, uploadId, partNumber, part)).json().etag });
    }
    const baseline = inMemory();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, inMemory())), 250);
    const completed = await completeParts(admin, id, uploadId, listed);
    clearInterval(sampler);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ size: 64 * MiB, sha256: whole.digest('hex') });
    peak = Math.max(peak, inMemory());
    expect(peak - baseline).toBeLessThan(40 * MiB);
  }, 300_000);

  it('leaves no object and no temporary file when the client goes away mid-upload', async () => {
    const token = await adminToken(t);
    const admin = ossCaller(t, token);
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'streamed-cut' } })).json();
    const port = await listening();
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: `${OSS_PREFIX}${fileUrl(id, 'cut.bin')}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(8 * MiB) },
    });
    client.on('error', () => undefined);
    client.write(Buffer.alloc(MiB, 1));
    // Wait until the server has started writing the temporary file, then cut the connection.
    for (let tries = 0; tries < 200 && !storedFiles(dataDir).some((name) => name.includes('.tmp-')); tries += 1) await sleep(10);
    expect(storedFiles(dataDir).some((name) => name.includes('.tmp-'))).toBe(true);
    client.destroy();
    for (let tries = 0; tries < 200 && storedFiles(dataDir).some((name) => name.includes('.tmp-')); tries += 1) await sleep(10);
    expect(storedFiles(dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect((await admin({ method: 'GET', url: fileUrl(id, 'cut.bin') })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/v1/buckets/${id}` })).json().objects).toBe(0);
  }, 60_000);
});
