/**
 * The S3 API end to end with the newest @aws-sdk/client-s3, unmodified and with default settings,
 * over real HTTP to the listener: every byte read back is checked by SHA-256.
 */
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketLocationCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns';
import { Agent } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ossBuckets, ossRequestRollups } from '../tables.ts';
import { bucketCreator, patternBytes, s3AppPerFile, s3Client, s3Endpoint } from './listener.test-support.ts';

const { t } = s3AppPerFile();
let client: S3Client;
const Bucket = 'sdk-end-to-end';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOfIn(bucket: string, Key: string, Range?: string) {
  const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range }));
  return { got, bytes: await got.Body!.transformToByteArray() };
}
const bytesOf = (Key: string, Range?: string) => bytesOfIn(Bucket, Key, Range);

beforeAll(async () => {
  const owner = await bucketCreator(t);
  client = s3Client(t, owner.credentials);
  await client.send(new CreateBucketCommand({ Bucket }));
});

describe('S3 API with @aws-sdk/client-s3', () => {
  it('creates a bucket the owner lists, heads and locates', async () => {
    const listed = await client.send(new ListBucketsCommand({}));
    expect(listed.Buckets?.map((b) => b.Name)).toContain(Bucket);
    await expect(client.send(new HeadBucketCommand({ Bucket }))).resolves.toBeDefined();
    expect((await client.send(new GetBucketLocationCommand({ Bucket }))).LocationConstraint).toBeUndefined();
    expect((await client.send(new GetBucketVersioningCommand({ Bucket }))).Status).toBeUndefined();
    await expect(client.send(new CreateBucketCommand({ Bucket }))).rejects.toMatchObject({ name: 'BucketAlreadyOwnedByYou' });
  });

  it.each([
    ['empty', 0],
    ['one-byte', 1],
    ['one-mebibyte', 1024 * 1024],
  ])('puts and gets %s objects byte for byte, as a buffer and as a stream', async (name, size) => {
    const body = patternBytes(size, size + 7);
    const put = await client.send(
      new PutObjectCommand({ Bucket, Key: `sizes/${name}`, Body: body, ContentType: 'application/x-test', Metadata: { origin: 'sdk' } }),
    );
    expect(put.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    await client.send(new PutObjectCommand({ Bucket, Key: `sizes/${name}.streamed`, Body: Readable.from([body]), ContentLength: size }));
    for (const key of [`sizes/${name}`, `sizes/${name}.streamed`]) {
      const { got, bytes } = await bytesOf(key);
      expect(sha256(bytes)).toBe(sha256(body));
      expect(got.ContentLength).toBe(size);
    }
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: `sizes/${name}` }));
    expect(head).toMatchObject({ ContentLength: size, ContentType: 'application/x-test', Metadata: { origin: 'sdk' }, ETag: put.ETag });
  });

  it('lists with prefix and delimiter, pages with continuation tokens, and in v1 and versions form', async () => {
    for (const Key of ['tree/a.txt', 'tree/sub/b.txt', 'tree/sub/c.txt', 'tree/z/d.txt', 'treetop.txt']) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: Key }));
    }
    const v2 = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'tree/', Delimiter: '/' }));
    expect(v2.Contents?.map((o) => o.Key)).toEqual(['tree/a.txt']);
    expect(v2.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['tree/sub/', 'tree/z/']);
    expect(v2.KeyCount).toBe(3);

    const pages: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'tree', MaxKeys: 2, ContinuationToken }));
      pages.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    expect(pages).toEqual(['tree/a.txt', 'tree/sub/b.txt', 'tree/sub/c.txt', 'tree/z/d.txt', 'treetop.txt']);

    const after = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'tree/', StartAfter: 'tree/sub/b.txt' }));
    expect(after.Contents?.map((o) => o.Key)).toEqual(['tree/sub/c.txt', 'tree/z/d.txt']);
    const v1 = await client.send(new ListObjectsCommand({ Bucket, Prefix: 'tree/', Delimiter: '/', Marker: 'tree/a.txt' }));
    expect(v1.Contents ?? []).toEqual([]);
    expect(v1.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['tree/sub/', 'tree/z/']);
    const versions = await client.send(new ListObjectVersionsCommand({ Bucket, Prefix: 'tree/sub/' }));
    expect(versions.Versions?.map((v) => [v.Key, v.VersionId, v.IsLatest])).toEqual([
      ['tree/sub/b.txt', 'null', true],
      ['tree/sub/c.txt', 'null', true],
    ]);
  });

  it('lists keys with spaces, pluses, percent signs and non-ASCII letters as they are, or URL-encoded when asked', async () => {
    const Key = 'odd/ä b+c%20&<d>.txt';
    await client.send(new PutObjectCommand({ Bucket, Key, Body: 'odd' }));
    const plain = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'odd/' }));
    expect(plain.Contents?.map((o) => o.Key)).toEqual([Key]);
    const encoded = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'odd/', EncodingType: 'url' }));
    expect(encoded.Contents?.map((o) => decodeURIComponent(o.Key!))).toEqual([Key]);
    expect(Buffer.from((await bytesOf(Key)).bytes).toString()).toBe('odd');
  });

  it('answers ranges with 206 and the bytes asked for', async () => {
    const body = patternBytes(10_000, 3);
    await client.send(new PutObjectCommand({ Bucket, Key: 'ranged.bin', Body: body }));
    const { got, bytes } = await bytesOf('ranged.bin', 'bytes=100-4099');
    expect(got.ContentRange).toBe('bytes 100-4099/10000');
    expect(sha256(bytes)).toBe(sha256(body.subarray(100, 4100)));
    expect(sha256((await bytesOf('ranged.bin', 'bytes=-10')).bytes)).toBe(sha256(body.subarray(9990)));
    await expect(bytesOf('ranged.bin', 'bytes=10000-')).rejects.toMatchObject({ name: 'InvalidRange' });
  });

  it('copies an object with its metadata, or with new metadata', async () => {
    const body = patternBytes(200_000, 5);
    await client.send(new PutObjectCommand({ Bucket, Key: 'copy/source.bin', Body: body, Metadata: { kept: 'yes' } }));
    const copied = await client.send(new CopyObjectCommand({ Bucket, Key: 'copy/same.bin', CopySource: `${Bucket}/copy/source.bin` }));
    expect(copied.CopyObjectResult?.ETag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    const replaced = 'copy/replaced dir/ü+x.bin';
    await client.send(
      new CopyObjectCommand({
        Bucket,
        Key: replaced,
        CopySource: encodeURI(`${Bucket}/copy/source.bin`),
        MetadataDirective: 'REPLACE',
        Metadata: { fresh: '1' },
      }),
    );
    expect(sha256((await bytesOf('copy/same.bin')).bytes)).toBe(sha256(body));
    const other = await bytesOf(replaced);
    expect(sha256(other.bytes)).toBe(sha256(body));
    expect(other.got.Metadata).toEqual({ fresh: '1' });
    expect((await client.send(new HeadObjectCommand({ Bucket, Key: 'copy/same.bin' }))).Metadata).toEqual({ kept: 'yes' });
  });

  it('serves presigned GET and PUT to plain fetch', async () => {
    const body = patternBytes(300_000, 9);
    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key: 'presigned/file name.bin' }), { expiresIn: 300 });
    const put = await fetch(putUrl, { method: 'PUT', body });
    expect(put.status, await put.clone().text()).toBe(200);
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'presigned/file name.bin' }), { expiresIn: 300 });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(sha256(new Uint8Array(await got.arrayBuffer()))).toBe(sha256(body));
    const tampered = await fetch(getUrl.replace('presigned/', 'presigned/x'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it('deletes objects one at a time and in bulk, then the empty bucket', async () => {
    const scratch = 'sdk-scratch';
    await client.send(new CreateBucketCommand({ Bucket: scratch }));
    for (const Key of ['a', 'b', 'c/d']) await client.send(new PutObjectCommand({ Bucket: scratch, Key, Body: Key }));
    await expect(client.send(new DeleteBucketCommand({ Bucket: scratch }))).rejects.toMatchObject({ name: 'BucketNotEmpty' });
    await client.send(new DeleteObjectCommand({ Bucket: scratch, Key: 'a' }));
    await client.send(new DeleteObjectCommand({ Bucket: scratch, Key: 'a' }));
    await expect(client.send(new GetObjectCommand({ Bucket: scratch, Key: 'a' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    const bulk = await client.send(
      new DeleteObjectsCommand({ Bucket: scratch, Delete: { Objects: [{ Key: 'b' }, { Key: 'c/d' }, { Key: 'never' }] } }),
    );
    expect(bulk.Deleted?.map((d) => d.Key).sort()).toEqual(['b', 'c/d', 'never']);
    expect(bulk.Errors ?? []).toEqual([]);
    expect((await client.send(new ListObjectsV2Command({ Bucket: scratch }))).KeyCount).toBe(0);
    await client.send(new DeleteBucketCommand({ Bucket: scratch }));
    await expect(client.send(new HeadBucketCommand({ Bucket: scratch }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });

  it('counts successful requests on their bucket for the statistics, with the bytes they carried', async () => {
    const counted = 'sdk-counted';
    await client.send(new CreateBucketCommand({ Bucket: counted }));
    await client.send(new PutObjectCommand({ Bucket: counted, Key: 'k', Body: patternBytes(1000) }));
    await bytesOfIn(counted, 'k');
    await expect(client.send(new GetObjectCommand({ Bucket: counted, Key: 'missing' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    const [bucket] = await t.database.db.select().from(ossBuckets).where(eq(ossBuckets.name, counted));
    // The counts are written every few seconds: wait for them to land.
    await vi.waitFor(
      async () => {
        const rows = await t.database.db.select().from(ossRequestRollups).where(eq(ossRequestRollups.bucketId, bucket!.id));
        const byMethod = Object.fromEntries(rows.map((row) => [row.method, [row.count, row.bytesIn, row.bytesOut]]));
        expect(byMethod).toEqual({ PUT: [1, 1000, 0], GET: [1, 0, 1000] });
      },
      { timeout: 20_000, interval: 500 },
    );
  });

  it('addresses a bucket by host name (virtual-host style)', async () => {
    // `<bucket>.localhost` resolves to this machine only where the resolver knows it: the agent does that part.
    const toLoopback: LookupFunction = (_host, options, done) => lookup('127.0.0.1', options, done);
    const port = new URL(s3Endpoint(t)).port;
    const virtual = new S3Client({
      endpoint: `http://localhost:${port}`,
      region: 'us-east-1',
      credentials: await client.config.credentials(),
      requestHandler: { httpAgent: new Agent({ lookup: toLoopback }) },
    });
    const hosts: string[] = [];
    virtual.middlewareStack.add(
      (next) => async (args) => {
        hosts.push((args.request as { hostname: string }).hostname);
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const body = patternBytes(5000, 11);
    await virtual.send(new PutObjectCommand({ Bucket, Key: 'virtual/host.bin', Body: body }));
    const got = await virtual.send(new GetObjectCommand({ Bucket, Key: 'virtual/host.bin' }));
    expect(sha256(await got.Body!.transformToByteArray())).toBe(sha256(body));
    expect(hosts).toEqual([`${Bucket}.localhost`, `${Bucket}.localhost`]);
    virtual.destroy();
  });
});
