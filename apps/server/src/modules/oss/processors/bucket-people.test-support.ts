import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app.ts';
import { adminToken } from '../../../../test/factories/identity.ts';
import { ossCaller, ossUser, type OssCaller } from '../../../../test/factories/oss.ts';

export interface BucketPeople {
  id: string;
  /** The platform administrator (admin on every bucket). */
  admin: OssCaller;
  owner: OssCaller;
  reader: OssCaller;
  writer: OssCaller;
  /** Granted the admin level by the owner. */
  granted: OssCaller;
  stranger: OssCaller;
}

/** Test support: a bucket owned by a plain user, who grants read, write and admin to three others; a fifth holds nothing. */
export async function bucketWithPeople(t: TestApp, name: string, policy: 'private' | 'public-read' = 'private'): Promise<BucketPeople> {
  const admin = ossCaller(t, await adminToken(t));
  const [owner, reader, writer, granted, stranger] = [
    await ossUser(t),
    await ossUser(t),
    await ossUser(t),
    await ossUser(t),
    await ossUser(t),
  ];
  const created = await admin({ method: 'POST', url: '/v1/buckets', payload: { name, policy } });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as { id: string }).id;
  expect((await admin({ method: 'PATCH', url: `/v1/buckets/${id}/owner`, payload: { ownerId: owner.id } })).statusCode).toBe(200);
  const grants = [
    { subjectId: reader.id, level: 'read' },
    { subjectId: writer.id, level: 'write' },
    { subjectId: granted.id, level: 'admin' },
  ];
  const granting = await owner.as({ method: 'PUT', url: `/v1/buckets/${id}/permissions/users`, payload: { grants } });
  expect(granting.statusCode, granting.body).toBe(200);
  return { id, admin, owner: owner.as, reader: reader.as, writer: writer.as, granted: granted.as, stranger: stranger.as };
}

export const processorsUrl = (bucketId: string, rest = '') => `/v1/buckets/${bucketId}/processors${rest}`;

/** The processed results cached for a bucket under `dataDir`, as `<processor id>/<object id>-<key>`. */
export function cachedFiles(dataDir: string, bucketId: string): string[] {
  const root = join(dataDir, 'objects', 'oss', 'processed', bucketId);
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((name) => name.includes('-') && name.includes('/')).sort();
}
