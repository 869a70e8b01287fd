/**
 * Test support for the S3 listener: the app of a test file (its S3 API on a free port), users with
 * levels on buckets, access keys, and an @aws-sdk/client-s3 client with default settings per key.
 */
import { S3Client } from '@aws-sdk/client-s3';
import type { AccessKeyPolicy, BucketLevel } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/app.ts';
import { makeRole, makeUser } from '../../../../test/factories/identity.ts';
import { ossDataDir } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { createKeyDirectory } from '../keys/directory.ts';
import { issueAccessKey } from '../keys/issue.ts';
import { ossBucketPermissions, ossBuckets } from '../tables.ts';

export const OPEN_POLICY: AccessKeyPolicy = { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] };

/** This file's app, its objects under a data directory of its own. */
export function s3AppPerFile() {
  const dataDir = ossDataDir();
  const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });
  return { t, dataDir };
}

export function s3Endpoint(t: TestApp): string {
  const port = t.app.modules.oss.s3Port();
  if (port === undefined) throw new Error('the S3 listener is not running');
  return `http://127.0.0.1:${port}`;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** An access key of the user, with the policy given (every action on every bucket by default). */
export async function keyOf(t: TestApp, ownerId: string, policy: Partial<AccessKeyPolicy> = {}): Promise<Credentials> {
  const directory = createKeyDirectory(t.database.db, t.app.modules.receptionCenter.secretBox);
  return issueAccessKey(t.database.db, directory, { ownerId, policy: { ...OPEN_POLICY, ...policy } });
}

/** A user who may create buckets (the REST API's create point), with an open key. */
export async function bucketCreator(t: TestApp) {
  const role = await makeRole(t, { resources: ['OSS:spaceList:create'] });
  const user = await makeUser(t, { roleIds: [role.id] });
  return { id: user.id, credentials: await keyOf(t, user.id) };
}

/** A user without roles, with an open key. */
export async function plainUser(t: TestApp) {
  const user = await makeUser(t);
  return { id: user.id, credentials: await keyOf(t, user.id) };
}

/** Grants the user a level on the bucket (as the permissions tab does). */
export async function grantLevel(t: TestApp, bucketName: string, userId: string, level: BucketLevel) {
  const [bucket] = await t.database.db.select().from(ossBuckets).where(eq(ossBuckets.name, bucketName));
  if (!bucket) throw new Error(`no bucket ${bucketName}`);
  await t.database.db.insert(ossBucketPermissions).values({ bucketId: bucket.id, subjectType: 'user', subjectId: userId, level });
}

/** An SDK client with default settings: only the endpoint, region, path style and credentials are given. */
export function s3Client(t: TestApp, credentials: Credentials, options: { forcePathStyle?: boolean } = {}) {
  return new S3Client({ endpoint: s3Endpoint(t), region: 'us-east-1', forcePathStyle: options.forcePathStyle ?? true, credentials });
}

/** Bytes whose content differs all along, so a misplaced byte changes their SHA-256. */
export function patternBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}
