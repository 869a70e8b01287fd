/**
 * Multipart uploads through the S3 API with @aws-sdk/client-s3 and @aws-sdk/lib-storage, default
 * settings, over real HTTP: every byte read back is checked by SHA-256, and a failed or aborted
 * upload leaves nothing behind.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../../test/factories/oss.ts';
import { bucketCreator, grantLevel, patternBytes, plainUser, s3AppPerFile, s3Client } from './listener.test-support.ts';

const { t, dataDir } = s3AppPerFile();
const Bucket = 'multipart-sdk';
const MiB = 1024 * 1024;
let client: S3Client;
let writer: S3Client;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const codeOf = (run: Promise<unknown>) =>
  run.then(
    () => 'no error',
    (error: { name: string }) => error.name,
  );

async function sha256Of(Key: string) {
  const got = await client.send(new GetObjectCommand({ Bucket, Key }));
  const hash = createHash('sha256');
  for await (const chunk of got.Body as Readable) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

beforeAll(async () => {
  const owner = await bucketCreator(t);
  client = s3Client(t, owner.credentials);
  await client.send(new CreateBucketCommand({ Bucket }));
  const other = await plainUser(t);
  await grantLevel(t, Bucket, other.id, 'write');
  writer = s3Client(t, other.credentials);
});

describe('S3 multipart uploads', () => {
  it('uploads 64 MiB through lib-storage and reads every byte back', async () => {
    const body = patternBytes(64 * MiB, 64);
    const upload = new Upload({ client, params: { Bucket, Key: 'large/64mib.bin', Body: Readable.from([body]) } });
    const done = await upload.done();
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-13"$/);
    expect(await sha256Of('large/64mib.bin')).toBe(sha256(body));
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'large/64mib.bin' }));
    expect(head.ContentLength).toBe(64 * MiB);
    expect((await client.send(new ListMultipartUploadsCommand({ Bucket }))).Uploads ?? []).toEqual([]);
  });

  it('creates, uploads parts, lists them and completes, with metadata and content type kept', async () => {
    const Key = 'manual/two parts.bin';
    const first = patternBytes(5 * MiB, 1);
    const second = patternBytes(1234, 2);
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/x-parts', Metadata: { made: 'by-parts' } }),
    );
    const UploadId = created.UploadId!;
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'manual/' }));
    expect(listed.Uploads?.map((u) => [u.Key, u.UploadId])).toEqual([[Key, UploadId]]);
    const p1 = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: first }));
    const p2 = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: second }));
    expect(p1.ETag).toBe(`"${createHash('md5').update(first).digest('hex')}"`);
    const parts = await client.send(new ListPartsCommand({ Bucket, Key, UploadId }));
    expect(parts.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, first.length, p1.ETag],
      [2, second.length, p2.ETag],
    ]);
    const page = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 1 }));
    expect([page.IsTruncated, page.NextPartNumberMarker, page.Parts?.length]).toEqual([true, '1', 1]);
    const Parts = [
      { PartNumber: 1, ETag: p1.ETag },
      { PartNumber: 2, ETag: p2.ETag },
    ];
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
    expect(await sha256Of(Key)).toBe(sha256(Buffer.concat([first, second])));
    const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
    expect(head).toMatchObject({ ContentType: 'application/x-parts', Metadata: { made: 'by-parts' } });
    expect(await codeOf(client.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toBe('NoSuchUpload');
  });

  it("refuses S3's completion errors and leaves the upload to be finished; an abort leaves no file", async () => {
    const filesBefore = storedFiles(dataDir).length;
    const Key = 'manual/refused.bin';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const small = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: 'small' }));
    const last = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 2, Body: 'last' }));
    const complete = (Parts: { PartNumber: number; ETag?: string }[]) =>
      codeOf(client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } })));
    expect(await complete([{ PartNumber: 1, ETag: '"0123"' }])).toBe('InvalidPart');
    expect(
      await complete([
        { PartNumber: 2, ETag: last.ETag },
        { PartNumber: 1, ETag: small.ETag },
      ]),
    ).toBe('InvalidPartOrder');
    expect(
      await complete([
        { PartNumber: 1, ETag: small.ETag },
        { PartNumber: 2, ETag: last.ETag },
      ]),
    ).toBe('EntityTooSmall');
    expect(await codeOf(client.send(new HeadObjectCommand({ Bucket, Key })))).toBe('NotFound');
    expect(await codeOf(client.send(new UploadPartCommand({ Bucket, Key: 'manual/other.bin', UploadId, PartNumber: 3, Body: 'x' })))).toBe(
      'NoSuchUpload',
    );
    expect(await codeOf(writer.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })))).toBe('AccessDenied');
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    expect(await codeOf(client.send(new ListPartsCommand({ Bucket, Key, UploadId })))).toBe('NoSuchUpload');
    expect(storedFiles(dataDir)).toHaveLength(filesBefore);
  });

  it("lets a writer finish its own upload, list only its own, and not touch the owner's", async () => {
    const own = await writer.send(new CreateMultipartUploadCommand({ Bucket, Key: 'writer/own.bin' }));
    const owners = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: 'writer/owners.bin' }));
    const listed = await writer.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'writer/' }));
    expect(listed.Uploads?.map((u) => u.UploadId)).toEqual([own.UploadId]);
    const everyone = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'writer/' }));
    expect(everyone.Uploads?.map((u) => u.UploadId).sort()).toEqual([own.UploadId, owners.UploadId].sort());
    const part = (UploadId: string | undefined, Key: string) =>
      writer.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: 'part' }));
    expect(await codeOf(part(owners.UploadId, 'writer/owners.bin'))).toBe('AccessDenied');
    const { ETag } = await part(own.UploadId, 'writer/own.bin');
    await writer.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: 'writer/own.bin',
        UploadId: own.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
      }),
    );
    expect(await sha256Of('writer/own.bin')).toBe(sha256(Buffer.from('part')));
  });
});
