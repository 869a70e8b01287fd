import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OSS_PREFIX } from '@portal/contracts';
import { afterAll } from 'vitest';
import { bearer, type TestApp } from '../app.ts';
import { adminToken, callAs, makeUser, tokenOf } from './identity.ts';

export { OSS_PREFIX };

/** A data directory of this test file's own (object bytes land under it), removed after the file. */
export function ossDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-oss-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every file under the data directory's oss objects, or one bucket's (stored bytes and temporary files alike). */
export function storedFiles(dataDir: string, bucketId?: string): string[] {
  const directory = join(dataDir, 'objects', 'oss', ...(bucketId ? [bucketId] : []));
  if (!existsSync(directory)) return [];
  return (readdirSync(directory, { recursive: true, withFileTypes: true }) as { isFile(): boolean; name: string }[])
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** A signed-in user's injector for the oss routes: `as({ method, url, ... })` with urls relative to /api/oss. */
export const ossCaller = (t: TestApp, token: string) => callAs(t, bearer(token), OSS_PREFIX);
export type OssCaller = ReturnType<typeof ossCaller>;

/** A plain user (no roles) with a caller. */
export async function ossUser(t: TestApp) {
  const user = await makeUser(t);
  return { id: user.id, as: ossCaller(t, await tokenOf(t, user)) };
}

/** The URL of an object's key in a bucket. */
export const fileUrl = (bucketId: string, key: string) => `/v1/buckets/${bucketId}/files?key=${encodeURIComponent(key)}`;

/** Stores bytes at a key through the raw PUT. */
export const putBytes = (as: OssCaller, bucketId: string, key: string, bytes: Buffer | string, headers: Record<string, string> = {}) =>
  as({ method: 'PUT', url: fileUrl(bucketId, key), payload: bytes, headers: { 'content-type': 'application/octet-stream', ...headers } });

/** A bucket made by the administrator (with `extra` settings, e.g. limits) and handed to a new plain user, its owner. */
export async function ossBucket(t: TestApp, name: string, extra: Record<string, unknown> = {}) {
  const owner = await ossUser(t);
  const admin = ossCaller(t, await adminToken(t));
  const created = await admin({ method: 'POST', url: '/v1/buckets', payload: { name, ...extra } });
  if (created.statusCode !== 200) throw new Error(`bucket ${name} not created: ${created.body}`);
  const { id } = created.json() as { id: string };
  const handed = await admin({ method: 'PATCH', url: `/v1/buckets/${id}/owner`, payload: { ownerId: owner.id } });
  if (handed.statusCode !== 200) throw new Error(`bucket ${name} not handed over: ${handed.body}`);
  return { id, owner: owner.as, ownerId: owner.id, admin };
}
