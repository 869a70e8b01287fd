/**
 * Bad input to the S3 API over real HTTP: each answers S3's error code and stores nothing (no object,
 * no file left in storage). Raw requests are signed with the SDK's own signer where the SDK would not
 * send them (a wrong trailer, a body that is not its declared SHA-256).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { Sha256 } from '@aws-crypto/sha256-js';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../../test/factories/oss.ts';
import { ossBuckets } from '../tables.ts';
import { bucketCreator, s3AppPerFile, s3Client, s3Endpoint, type Credentials } from './listener.test-support.ts';

const { t, dataDir } = s3AppPerFile();
const Bucket = 'bad-input';
let client: S3Client;
let credentials: Credentials;

beforeAll(async () => {
  credentials = (await bucketCreator(t)).credentials;
  client = s3Client(t, credentials);
  await client.send(new CreateBucketCommand({ Bucket }));
  await client.send(new PutObjectCommand({ Bucket, Key: 'kept.txt', Body: 'kept' }));
});

const codeOf = (run: Promise<unknown>) =>
  run.then(
    () => 'no error',
    (error: { name: string }) => error.name,
  );

async function keys(): Promise<string[]> {
  return ((await client.send(new ListObjectsV2Command({ Bucket }))).Contents ?? []).map((o) => o.Key!);
}

/** Nothing but the one object put before the tests: no new key and no file left behind. */
async function expectNothingStored() {
  expect(await keys()).toEqual(['kept.txt']);
  expect(storedFiles(dataDir)).toHaveLength(1);
}

/** Sends a request signed by the SDK's signer with the headers given (x-amz-content-sha256 among them). */
async function signedRequest(input: { method: string; key: string; headers: Record<string, string>; body: Buffer | string }) {
  const url = new URL(s3Endpoint(t));
  const signer = new SignatureV4({ service: 's3', region: 'us-east-1', credentials, sha256: Sha256, uriEscapePath: false });
  const request = new HttpRequest({
    method: input.method,
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: `/${Bucket}/${input.key}`,
    headers: { host: url.host, 'content-length': String(Buffer.byteLength(input.body)), ...input.headers },
  });
  const signed = await signer.sign(request);
  const response = await fetch(`${url.origin}${signed.path}`, {
    method: input.method,
    headers: Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name !== 'host' && name !== 'content-length')),
    body: input.body,
  });
  return { status: response.status, body: await response.text() };
}

describe('S3 API bad input', () => {
  it('refuses a wrong signature and an unknown key id', async () => {
    const forged = s3Client(t, { ...credentials, secretAccessKey: 'not the secret' });
    expect(await codeOf(forged.send(new PutObjectCommand({ Bucket, Key: 'forged.txt', Body: 'x' })))).toBe('SignatureDoesNotMatch');
    const unknown = s3Client(t, { accessKeyId: 'PKNOSUCHKEY000000000', secretAccessKey: 'x' });
    expect(await codeOf(unknown.send(new GetObjectCommand({ Bucket, Key: 'kept.txt' })))).toBe('InvalidAccessKeyId');
    await expectNothingStored();
  });

  it('refuses a body that does not match its Content-MD5, a malformed Content-MD5, or a wrong checksum header', async () => {
    const put = (extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]>) =>
      codeOf(client.send(new PutObjectCommand({ Bucket, Key: 'digest.txt', Body: 'the body', ...extra })));
    expect(await put({ ContentMD5: createHash('md5').update('another body').digest('base64') })).toBe('BadDigest');
    expect(await put({ ContentMD5: 'not-an-md5' })).toBe('InvalidDigest');
    expect(await put({ ChecksumCRC32: 'AAAAAA==' })).toBe('BadDigest');
    expect(await put({ ChecksumSHA256: createHash('sha256').update('another body').digest('base64') })).toBe('BadDigest');
    await expectNothingStored();
  });

  it('refuses an aws-chunked body whose checksum trailer does not match', async () => {
    const chunked = (trailer: string) =>
      signedRequest({
        method: 'PUT',
        key: 'trailer.txt',
        headers: {
          'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
          'content-encoding': 'aws-chunked',
          'x-amz-decoded-content-length': '5',
          'x-amz-trailer': 'x-amz-checksum-crc32',
        },
        body: `5\r\nhello\r\n0\r\nx-amz-checksum-crc32:${trailer}\r\n\r\n`,
      });
    const wrong = await chunked('AAAAAA==');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('<Code>BadDigest</Code>');
    await expectNothingStored();
    // The same body with its true CRC32 (of "hello") is stored.
    expect((await chunked('NhCmhg==')).status).toBe(200);
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'trailer.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello');
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'trailer.txt' }));
  });

  it('refuses a body that is not the SHA-256 its signature covers', async () => {
    const answer = await signedRequest({
      method: 'PUT',
      key: 'sha.txt',
      headers: { 'x-amz-content-sha256': createHash('sha256').update('signed body').digest('hex') },
      body: 'other body!',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    await expectNothingStored();
  });

  it('names unknown buckets and keys, and refuses ranges past the end and failed preconditions', async () => {
    expect(await codeOf(client.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'k' })))).toBe('NoSuchBucket');
    expect(await codeOf(client.send(new ListObjectsV2Command({ Bucket: 'no-such-bucket' })))).toBe('NoSuchBucket');
    expect(await codeOf(client.send(new GetObjectCommand({ Bucket, Key: 'missing.txt' })))).toBe('NoSuchKey');
    expect(await codeOf(client.send(new HeadObjectCommand({ Bucket, Key: 'missing.txt' })))).toBe('NotFound');
    expect(await codeOf(client.send(new GetObjectCommand({ Bucket, Key: 'kept.txt', Range: 'bytes=4-' })))).toBe('InvalidRange');
    expect(await codeOf(client.send(new GetObjectCommand({ Bucket, Key: 'kept.txt', IfMatch: '"0"' })))).toBe('PreconditionFailed');
    const etag = (await client.send(new HeadObjectCommand({ Bucket, Key: 'kept.txt' }))).ETag;
    const notModified = client.send(new GetObjectCommand({ Bucket, Key: 'kept.txt', IfNoneMatch: etag }));
    await expect(notModified).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
  });

  it('applies the key rules of the REST API: control characters and dot segments are refused', async () => {
    for (const Key of ['bad\u0001key.txt', 'line\nbreak.txt', 'a/../escape.txt', 'a//b.txt']) {
      expect(await codeOf(client.send(new PutObjectCommand({ Bucket, Key, Body: 'x' }))), JSON.stringify(Key)).toBe('InvalidArgument');
    }
    await expectNothingStored();
  });

  it('answers an unimplemented subresource with NotImplemented and changes nothing', async () => {
    const tagging = new PutObjectTaggingCommand({ Bucket, Key: 'kept.txt', Tagging: { TagSet: [{ Key: 'a', Value: 'b' }] } });
    expect(await codeOf(client.send(tagging))).toBe('NotImplemented');
    expect(await codeOf(client.send(new GetObjectTaggingCommand({ Bucket, Key: 'kept.txt' })))).toBe('NotImplemented');
    const tagged = client.send(new PutObjectCommand({ Bucket, Key: 'tagged.txt', Body: 'x', Tagging: 'a=b' }));
    expect(await codeOf(tagged)).toBe('NotImplemented');
    // A conditional write it would not check atomically: refused, not done unconditionally.
    expect(await codeOf(client.send(new PutObjectCommand({ Bucket, Key: 'kept.txt', Body: 'replaced', IfNoneMatch: '*' })))).toBe(
      'NotImplemented',
    );
    expect(await (await client.send(new GetObjectCommand({ Bucket, Key: 'kept.txt' }))).Body!.transformToString()).toBe('kept');
    await expectNothingStored();
  });

  it('answers the bucket limits with EntityTooLarge and QuotaExceeded', async () => {
    const limit = (values: Partial<typeof ossBuckets.$inferInsert>) =>
      t.database.db.update(ossBuckets).set(values).where(eq(ossBuckets.name, Bucket));
    await limit({ maxUploadBytes: 10 });
    expect(await codeOf(client.send(new PutObjectCommand({ Bucket, Key: 'big.bin', Body: Buffer.alloc(11) })))).toBe('EntityTooLarge');
    await limit({ maxUploadBytes: null, quotaBytes: 8 });
    expect(await codeOf(client.send(new PutObjectCommand({ Bucket, Key: 'big.bin', Body: Buffer.alloc(5) })))).toBe('QuotaExceeded');
    await limit({ quotaBytes: null, quotaObjects: 1 });
    expect(await codeOf(client.send(new PutObjectCommand({ Bucket, Key: 'more.bin', Body: 'x' })))).toBe('QuotaExceeded');
    await limit({ quotaObjects: null });
    await expectNothingStored();
  });
});
