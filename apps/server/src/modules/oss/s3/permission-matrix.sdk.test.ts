/**
 * Who may do what through the S3 API: the owner's key, keys of users granted read or write, a
 * stranger's key, keys of the owner with narrower policies (one prefix, read-only actions, a source
 * range without this machine, expired), a disabled key and no key at all, over every operation.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ossAccessKeys, ossBuckets } from '../tables.ts';
import {
  bucketCreator,
  grantLevel,
  keyOf,
  plainUser,
  s3Client,
  s3Endpoint,
  s3AppPerFile,
  type Credentials,
} from './listener.test-support.ts';

const { t } = s3AppPerFile();
const Bucket = 'matrix-bucket';
const inside = 'allowed/file.txt';

type Outcome = 'ok' | string;

/** The operation's outcome: 'ok', or S3's error code; an answer to HEAD has no body to name it, only its status (`403`). */
async function outcomeOf(run: Promise<unknown>): Promise<Outcome> {
  try {
    const result = (await run) as { Errors?: { Code?: string }[] } | undefined;
    return result?.Errors?.[0]?.Code ?? 'ok';
  } catch (error) {
    const { name, $metadata } = error as { name: string; $metadata?: { httpStatusCode?: number } };
    return $metadata?.httpStatusCode === 403 && (name === 'Unknown' || name === 'Forbidden') ? '403' : name;
  }
}

/** An upload the bucket's owner started, with one part, made afresh before each operation. */
const ownersUpload = { Key: 'allowed/upload.bin', UploadId: '', ETag: '' };

interface Operation {
  name: string;
  run(client: S3Client): Promise<unknown>;
}

const inUpload = () => ({ Bucket, Key: ownersUpload.Key, UploadId: ownersUpload.UploadId });

const OPERATIONS: Operation[] = [
  { name: 'GetObject', run: (c) => c.send(new GetObjectCommand({ Bucket, Key: inside })) },
  { name: 'HeadObject', run: (c) => c.send(new HeadObjectCommand({ Bucket, Key: inside })) },
  { name: 'ListObjectsV2', run: (c) => c.send(new ListObjectsV2Command({ Bucket, Prefix: 'allowed/' })) },
  { name: 'ListObjectVersions', run: (c) => c.send(new ListObjectVersionsCommand({ Bucket, Prefix: 'allowed/' })) },
  { name: 'HeadBucket', run: (c) => c.send(new HeadBucketCommand({ Bucket })) },
  { name: 'GetBucketLocation', run: (c) => c.send(new GetBucketLocationCommand({ Bucket })) },
  { name: 'PutObject', run: (c) => c.send(new PutObjectCommand({ Bucket, Key: 'allowed/put.txt', Body: 'put' })) },
  {
    name: 'CopyObject',
    run: (c) => c.send(new CopyObjectCommand({ Bucket, Key: 'allowed/copy.txt', CopySource: `${Bucket}/${inside}` })),
  },
  { name: 'DeleteObject', run: (c) => c.send(new DeleteObjectCommand({ Bucket, Key: 'allowed/deleted.txt' })) },
  {
    name: 'DeleteObjects',
    run: (c) => c.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: 'allowed/deleted.txt' }] } })),
  },
  { name: 'CreateMultipartUpload', run: (c) => c.send(new CreateMultipartUploadCommand({ Bucket, Key: 'allowed/started.bin' })) },
  { name: 'ListMultipartUploads', run: (c) => c.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'allowed/' })) },
  { name: 'UploadPart', run: (c) => c.send(new UploadPartCommand({ ...inUpload(), PartNumber: 2, Body: 'part' })) },
  { name: 'ListParts', run: (c) => c.send(new ListPartsCommand(inUpload())) },
  {
    name: 'CompleteMultipartUpload',
    run: (c) =>
      c.send(
        new CompleteMultipartUploadCommand({ ...inUpload(), MultipartUpload: { Parts: [{ PartNumber: 1, ETag: ownersUpload.ETag }] } }),
      ),
  },
  { name: 'AbortMultipartUpload', run: (c) => c.send(new AbortMultipartUploadCommand(inUpload())) },
  // The bucket holds objects: whoever may delete it is told BucketNotEmpty.
  { name: 'DeleteBucket', run: (c) => c.send(new DeleteBucketCommand({ Bucket })) },
];

const READS = ['GetObject', 'HeadObject', 'ListObjectsV2', 'ListObjectVersions', 'HeadBucket', 'GetBucketLocation'];
const WRITES = ['PutObject', 'CopyObject', 'DeleteObject', 'DeleteObjects', 'CreateMultipartUpload', 'ListMultipartUploads'];
/** Calls on an upload, which only the user who started it (the owner here) or a bucket admin may touch. */
const ON_UPLOAD = ['UploadPart', 'ListParts', 'CompleteMultipartUpload', 'AbortMultipartUpload'];
const ALL = [...READS, ...WRITES, ...ON_UPLOAD, 'DeleteBucket'];

/** What each caller is allowed; every other operation answers `refusal`. */
const EXPECTED: Record<string, { allowed: string[]; refusal: string }> = {
  owner: { allowed: ALL, refusal: 'AccessDenied' },
  reader: { allowed: READS, refusal: 'AccessDenied' },
  writer: { allowed: [...READS, ...WRITES], refusal: 'AccessDenied' },
  stranger: { allowed: [], refusal: 'AccessDenied' },
  'owner, prefix allowed/': { allowed: [...READS, ...WRITES, ...ON_UPLOAD], refusal: 'AccessDenied' },
  'owner, read-only actions': { allowed: ['GetObject', 'HeadObject', 'ListObjectsV2', 'HeadBucket'], refusal: 'AccessDenied' },
  'owner, from 10.0.0.0/8 only': { allowed: [], refusal: 'AccessDenied' },
  'owner, expired': { allowed: [], refusal: 'AccessDenied' },
  'owner, disabled key': { allowed: [], refusal: 'InvalidAccessKeyId' },
};

const callers: Record<string, Credentials> = {};
let owner: S3Client;

/** A key whose policy expired: keys are issued with a future expiry only, so the row is changed afterwards. */
async function expiredKeyOf(ownerId: string) {
  const credentials = await keyOf(t, ownerId, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
  await t.database.db
    .update(ossAccessKeys)
    .set({ policy: sql`jsonb_set(${ossAccessKeys.policy}, '{expiresAt}', '"2020-01-01T00:00:00Z"')` })
    .where(eq(ossAccessKeys.accessKeyId, credentials.accessKeyId));
  return credentials;
}

beforeAll(async () => {
  const creator = await bucketCreator(t);
  owner = s3Client(t, creator.credentials);
  await owner.send(new CreateBucketCommand({ Bucket }));
  const [reader, writer, stranger] = [await plainUser(t), await plainUser(t), await plainUser(t)];
  await grantLevel(t, Bucket, reader.id, 'read');
  await grantLevel(t, Bucket, writer.id, 'write');
  const disabled = await keyOf(t, creator.id);
  await t.database.db.update(ossAccessKeys).set({ state: 'disabled' }).where(eq(ossAccessKeys.accessKeyId, disabled.accessKeyId));
  Object.assign(callers, {
    owner: creator.credentials,
    reader: reader.credentials,
    writer: writer.credentials,
    stranger: stranger.credentials,
    'owner, prefix allowed/': await keyOf(t, creator.id, { prefixes: ['allowed/'] }),
    'owner, read-only actions': await keyOf(t, creator.id, { actions: ['s3:GetObject', 's3:ListBucket'] }),
    'owner, from 10.0.0.0/8 only': await keyOf(t, creator.id, { sourceCidrs: ['10.0.0.0/8'] }),
    'owner, expired': await expiredKeyOf(creator.id),
    'owner, disabled key': disabled,
  });
});

/** The objects and the upload every operation expects, put back before each one runs. */
async function seed() {
  for (const Key of [inside, 'allowed/deleted.txt', 'outside.txt']) await owner.send(new PutObjectCommand({ Bucket, Key, Body: Key }));
  await owner.send(new DeleteObjectCommand({ Bucket, Key: 'allowed/put.txt' }));
  const { UploadId } = await owner.send(new CreateMultipartUploadCommand({ Bucket, Key: ownersUpload.Key }));
  const { ETag } = await owner.send(new UploadPartCommand({ Bucket, Key: ownersUpload.Key, UploadId, PartNumber: 1, Body: 'first' }));
  Object.assign(ownersUpload, { UploadId, ETag });
}

const exists = (Key: string) => outcomeOf(owner.send(new HeadObjectCommand({ Bucket, Key })));

describe('S3 permission matrix', () => {
  it.each(Object.keys(EXPECTED))('%s: allowed exactly its operations, refused the rest with the S3 code', async (who) => {
    const client = s3Client(t, callers[who]!);
    const { allowed, refusal } = EXPECTED[who]!;
    const outcomes: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const operation of OPERATIONS) {
      await seed();
      outcomes[operation.name] = await outcomeOf(operation.run(client));
      const permitted = allowed.includes(operation.name);
      const refused = operation.name.startsWith('Head') ? '403' : refusal;
      expected[operation.name] = permitted ? (operation.name === 'DeleteBucket' ? 'BucketNotEmpty' : 'ok') : refused;
      // A refused change changed nothing.
      if (!permitted && operation.name === 'PutObject') expect(await exists('allowed/put.txt')).toBe('NotFound');
      if (!permitted && operation.name.startsWith('DeleteObject')) expect(await exists('allowed/deleted.txt')).toBe('ok');
      if (!permitted && ON_UPLOAD.includes(operation.name)) {
        const parts = await owner.send(new ListPartsCommand(inUpload()));
        expect(parts.Parts?.map((part) => part.PartNumber)).toEqual([1]);
      }
    }
    expect(outcomes).toEqual(expected);
    client.destroy();
  });

  it('keeps a prefix-limited key inside its prefix', async () => {
    const client = s3Client(t, callers['owner, prefix allowed/']!);
    await seed();
    expect(await outcomeOf(client.send(new GetObjectCommand({ Bucket, Key: 'outside.txt' })))).toBe('AccessDenied');
    expect(await outcomeOf(client.send(new PutObjectCommand({ Bucket, Key: 'outside-new.txt', Body: 'x' })))).toBe('AccessDenied');
    expect(await outcomeOf(client.send(new ListObjectsV2Command({ Bucket })))).toBe('AccessDenied');
    expect(await outcomeOf(client.send(new CopyObjectCommand({ Bucket, Key: 'allowed/c', CopySource: `${Bucket}/outside.txt` })))).toBe(
      'AccessDenied',
    );
    const bulk = await client.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: 'outside.txt' }, { Key: 'allowed/deleted.txt' }] } }),
    );
    expect(bulk.Errors?.map((e) => [e.Key, e.Code])).toEqual([['outside.txt', 'AccessDenied']]);
    expect(bulk.Deleted?.map((d) => d.Key)).toEqual(['allowed/deleted.txt']);
    expect(await exists('outside.txt')).toBe('ok');
    expect(await outcomeOf(client.send(new CreateBucketCommand({ Bucket: 'prefix-made' })))).toBe('AccessDenied');
  });

  it('lists only the buckets the owner reaches and the policy names, and creates only with the create point', async () => {
    const names = async (credentials: Credentials) =>
      ((await s3Client(t, credentials).send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name);
    expect(await names(callers.reader!)).toEqual([Bucket]);
    expect(await names(callers.stranger!)).toEqual([]);
    const [creator] = await t.database.db.select({ ownerId: ossBuckets.ownerId }).from(ossBuckets).where(eq(ossBuckets.name, Bucket));
    expect(await names(await keyOf(t, creator!.ownerId!, { buckets: ['elsewhere'] }))).toEqual([]);
    const stranger = s3Client(t, callers.stranger!);
    expect(await outcomeOf(stranger.send(new CreateBucketCommand({ Bucket: 'stranger-made' })))).toBe('AccessDenied');
    expect(await outcomeOf(owner.send(new CreateBucketCommand({ Bucket: 'owner-made' })))).toBe('ok');
    expect(await outcomeOf(stranger.send(new CreateBucketCommand({ Bucket: 'owner-made' })))).toBe('AccessDenied');
  });

  it('copies nothing from a bucket the caller may not read into one it may write', async () => {
    const writer = s3Client(t, callers.writer!);
    await owner.send(new CreateBucketCommand({ Bucket: 'secret-source' }));
    await owner.send(new PutObjectCommand({ Bucket: 'secret-source', Key: 'secret.txt', Body: 'secret' }));
    const copy = new CopyObjectCommand({ Bucket, Key: 'allowed/stolen.txt', CopySource: 'secret-source/secret.txt' });
    expect(await outcomeOf(writer.send(copy))).toBe('AccessDenied');
    expect(await exists('allowed/stolen.txt')).toBe('NotFound');
  });

  it('lets anonymous requests read objects of a public-read bucket only', async () => {
    await owner.send(new CreateBucketCommand({ Bucket: 'public-bucket', ACL: 'public-read' }));
    await owner.send(new PutObjectCommand({ Bucket: 'public-bucket', Key: 'open.txt', Body: 'open to all' }));
    await seed();
    const base = s3Endpoint(t);
    const read = await fetch(`${base}/public-bucket/open.txt`);
    expect([read.status, await read.text()]).toEqual([200, 'open to all']);
    const denied = [
      await fetch(`${base}/${Bucket}/${inside}`),
      await fetch(`${base}/public-bucket/open.txt`, { method: 'PUT', body: 'overwritten' }),
      await fetch(`${base}/public-bucket/open.txt`, { method: 'DELETE' }),
      await fetch(`${base}/public-bucket?list-type=2`),
      await fetch(`${base}/`),
    ];
    for (const response of denied) {
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('<Code>AccessDenied</Code>');
    }
    expect(await (await fetch(`${base}/public-bucket/open.txt`)).text()).toBe('open to all');
  });
});
