import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OSS_PREFIX } from '@portal/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../../test/app.ts';
import { copyTemplateDatabase } from '../../../../test/databases.ts';
import { freePort } from '../../../../test/free-port.ts';
import { accessToken } from '../../../../test/http-tokens.ts';
import { startServerProcess, type ServerProcess } from '../../../../test/server-process.ts';

const GIB = 1024 ** 3;
const CHUNK = Buffer.alloc(1024 ** 2, 0x5a);
/** Bytes the server must have taken before it is killed: far into the upload, far from its end. */
const KILL_AFTER = 300 * 1024 ** 2;

const dataDir = mkdtempSync(join(tmpdir(), 'portal-oss-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every temporary file (`<name>.tmp-<hex>`) under the objects directory, with its size. */
const temporaryFiles = () =>
  (existsSync(join(dataDir, 'objects')) ? (readdirSync(join(dataDir, 'objects'), { recursive: true }) as string[]) : [])
    .filter((name) => /\.tmp-[0-9a-f]{12}$/.test(name))
    .map((name) => ({ name, size: statSync(join(dataDir, 'objects', name)).size }));

async function until(what: string, probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function drainedOrClosed(upload: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      upload.off('drain', done).off('close', done);
      resolve();
    };
    upload.on('drain', done).on('close', done);
  });
}

/** Streams a 1 GiB PUT until the server has `KILL_AFTER` bytes on disk, then kills it with SIGKILL. */
async function killDuringUpload(server: ServerProcess, token: string, bucketId: string): Promise<void> {
  const url = new URL(`${server.url}${OSS_PREFIX}/v1/buckets/${bucketId}/files?key=big/one-gib.bin`);
  const upload = request(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(GIB) },
  });
  const ended = new Promise<void>((resolve) => {
    upload.on('error', () => resolve());
    upload.on('response', (response) => response.resume().on('end', resolve));
  });
  let sent = 0;
  const onDisk = () => temporaryFiles().reduce((total, file) => total + file.size, 0);
  const pump = async () => {
    while (sent < GIB && !upload.destroyed) {
      sent += CHUNK.length;
      if (!upload.write(CHUNK)) await drainedOrClosed(upload);
    }
  };
  const pumping = pump();
  await until('the upload to be far along on disk', () => onDisk() >= KILL_AFTER, 120_000);
  expect(sent).toBeLessThan(GIB);
  await server.kill('SIGKILL');
  upload.destroy();
  await Promise.all([pumping, ended]);
}

describe('an upload cut by kill -9', () => {
  it('leaves no object, listed or downloadable, and its temporary space is reclaimed after a restart', { timeout: 240_000 }, async () => {
    const database = await copyTemplateDatabase();
    const databaseUrl = String(database.pool?.options.connectionString);
    await database.close();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' };
    const port = await freePort();
    let server = await startServerProcess(port, env);
    try {
      const token = await accessToken(server.url, 'admin', ADMIN_PASSWORD);
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${server.url}${OSS_PREFIX}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const created = await call('POST', '/v1/buckets', { name: 'crash-bucket' });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: string };

      await killDuringUpload(server, token, id);
      const left = temporaryFiles();
      expect(left.length).toBe(1);
      expect(left[0]!.size).toBeGreaterThanOrEqual(KILL_AFTER);

      server = await startServerProcess(port, env);
      const listing = await call('GET', `/v1/buckets/${id}/fs?prefix=big/`);
      expect(listing.status).toBe(200);
      expect(JSON.stringify(await listing.json())).not.toContain('one-gib');
      expect((await call('GET', `/v1/buckets/${id}/files?key=big/one-gib.bin`)).status).toBe(404);
      expect((await call('GET', `/v1/buckets/${id}`)).status).toBe(200);
      await until('the temporary file to be reclaimed', () => temporaryFiles().length === 0, 60_000);
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
