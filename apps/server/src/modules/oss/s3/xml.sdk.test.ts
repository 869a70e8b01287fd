/** The newest @aws-sdk/client-s3 reads these documents, and these parsers read what it sends. */
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectVersionsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveS3Request, type S3Operation } from './request.ts';
import { HARNESS_SECRET, startSdkHarness, type SdkHarness } from './sdk-harness.test-support.ts';
import { verifySigV4 } from './sigv4.ts';
import { parseCompleteMultipartUpload, parseCreateBucketConfiguration, parseDeleteObjects } from './xml-parse.ts';
import {
  completeMultipartUploadXml,
  copyResultXml,
  deleteResultXml,
  errorXml,
  initiateMultipartUploadXml,
  listAllMyBucketsXml,
  listMultipartUploadsXml,
  listObjectVersionsXml,
  listObjectsV1Xml,
  listObjectsV2Xml,
  listPartsXml,
  locationConstraintXml,
} from './xml.ts';

let harness: SdkHarness;
beforeAll(async () => {
  harness = await startSdkHarness();
});
afterAll(() => harness.close());

const answer = (body: string, status = 200) => (harness.reply = () => ({ status, body }));

/** The last request the SDK sent verifies with verifySigV4 and resolves to `operation`. */
async function expectSentAs(operation: S3Operation, bucket?: string, key?: string) {
  const { method, url, headers } = harness.captured.at(-1)!;
  const parsed = new URL(url, 'http://x');
  const line = { method, host: headers.host, rawPath: parsed.pathname, query: [...parsed.searchParams.entries()], headers };
  await expect(verifySigV4(line, { lookupSecret: () => HARNESS_SECRET, region: 'us-east-1' })).resolves.toMatchObject({
    accessKeyId: 'TESTKEY',
  });
  expect(resolveS3Request(line, ['s3.example.test'])).toEqual({ operation, ...(bucket ? { bucket } : {}), ...(key ? { key } : {}) });
}
const WHEN = new Date('2026-05-06T07:08:09.010Z');
const OWNER = { id: 'owner-1', displayName: 'Owner' };
const object = (key: string, size = 5) => ({ key, lastModified: WHEN, etag: '"e1"', size, owner: OWNER });

describe('S3 XML read by @aws-sdk/client-s3', () => {
  it('ListBuckets', async () => {
    answer(listAllMyBucketsXml(OWNER, [{ name: 'one', creationDate: WHEN }]));
    const out = await harness.client.send(new ListBucketsCommand({}));
    expect(out.Buckets).toEqual([{ Name: 'one', CreationDate: WHEN }]);
    expect(out.Owner).toEqual({ ID: 'owner-1', DisplayName: 'Owner' });
    await expectSentAs('ListBuckets');
  });

  it('ListObjectsV2 and ListObjects with prefixes, tokens and awkward keys', async () => {
    const list = { bucket: 'b', prefix: 'd/', delimiter: '/', maxKeys: 2, isTruncated: true, commonPrefixes: ['d/sub/'] };
    answer(
      listObjectsV2Xml({
        ...list,
        contents: [object('d/<a & "b">')],
        continuationToken: 'c1',
        nextContinuationToken: 'c2',
        startAfter: 'd/0',
      }),
    );
    const v2 = await harness.client.send(new ListObjectsV2Command({ Bucket: 'b', Prefix: 'd/', Delimiter: '/' }));
    expect(v2).toMatchObject({
      KeyCount: 2,
      IsTruncated: true,
      NextContinuationToken: 'c2',
      ContinuationToken: 'c1',
      StartAfter: 'd/0',
      MaxKeys: 2,
    });
    expect(v2.Contents).toEqual([
      {
        Key: 'd/<a & "b">',
        LastModified: WHEN,
        ETag: '"e1"',
        Size: 5,
        StorageClass: 'STANDARD',
        Owner: { ID: 'owner-1', DisplayName: 'Owner' },
      },
    ]);
    expect(v2.CommonPrefixes).toEqual([{ Prefix: 'd/sub/' }]);
    await expectSentAs('ListObjectsV2', 'b');
    answer(listObjectsV1Xml({ ...list, contents: [object('d/x')], marker: 'd/a', nextMarker: 'd/x' }));
    const v1 = await harness.client.send(new ListObjectsCommand({ Bucket: 'b' }));
    await expectSentAs('ListObjects', 'b');
    expect(v1).toMatchObject({ Marker: 'd/a', NextMarker: 'd/x', IsTruncated: true, Contents: [{ Key: 'd/x', Size: 5 }] });
  });

  it('ListObjectVersions of an unversioned bucket: VersionId "null"', async () => {
    answer(listObjectVersionsXml({ bucket: 'b', maxKeys: 1000, isTruncated: false, versions: [object('k')], commonPrefixes: [] }));
    const out = await harness.client.send(new ListObjectVersionsCommand({ Bucket: 'b' }));
    expect(out.Versions).toMatchObject([{ Key: 'k', VersionId: 'null', IsLatest: true, Size: 5 }]);
    await expectSentAs('ListObjectVersions', 'b');
  });

  it('multipart: create, list parts, list uploads, complete', async () => {
    answer(initiateMultipartUploadXml('b', 'k', 'u1'));
    expect(await harness.client.send(new CreateMultipartUploadCommand({ Bucket: 'b', Key: 'k' }))).toMatchObject({
      UploadId: 'u1',
      Key: 'k',
    });
    await expectSentAs('CreateMultipartUpload', 'b', 'k');
    const parts = [{ partNumber: 1, lastModified: WHEN, etag: '"p1"', size: 5242880 }];
    answer(
      listPartsXml({
        bucket: 'b',
        key: 'k',
        uploadId: 'u1',
        owner: OWNER,
        partNumberMarker: 0,
        nextPartNumberMarker: 1,
        maxParts: 1000,
        isTruncated: false,
        parts,
      }),
    );
    const listed = await harness.client.send(new ListPartsCommand({ Bucket: 'b', Key: 'k', UploadId: 'u1' }));
    await expectSentAs('ListParts', 'b', 'k');
    expect(listed).toMatchObject({
      UploadId: 'u1',
      NextPartNumberMarker: '1',
      IsTruncated: false,
      Parts: [{ PartNumber: 1, ETag: '"p1"', Size: 5242880, LastModified: WHEN }],
    });
    answer(
      listMultipartUploadsXml({
        bucket: 'b',
        maxKeys: 1000,
        isTruncated: false,
        commonPrefixes: [],
        uploads: [{ key: 'k', uploadId: 'u1', initiated: WHEN, owner: OWNER }],
      }),
    );
    const uploads = await harness.client.send(new ListMultipartUploadsCommand({ Bucket: 'b' }));
    expect(uploads.Uploads).toMatchObject([{ Key: 'k', UploadId: 'u1', Initiated: WHEN }]);
    await expectSentAs('ListMultipartUploads', 'b');
    answer(completeMultipartUploadXml({ location: 'http://h/b/k', bucket: 'b', key: 'k', etag: '"x-2"' }));
    const multipartUpload = {
      Parts: [
        { PartNumber: 1, ETag: '"p1"' },
        { PartNumber: 2, ETag: 'p2' },
      ],
    };
    const done = await harness.client.send(
      new CompleteMultipartUploadCommand({ Bucket: 'b', Key: 'k', UploadId: 'u1', MultipartUpload: multipartUpload }),
    );
    expect(done).toMatchObject({ ETag: '"x-2"', Location: 'http://h/b/k' });
    await expectSentAs('CompleteMultipartUpload', 'b', 'k');
    expect(parseCompleteMultipartUpload(harness.captured.at(-1)!.body)).toEqual([
      { partNumber: 1, etag: '"p1"', checksums: {} },
      { partNumber: 2, etag: 'p2', checksums: {} },
    ]);
  });

  it('CopyObject, GetBucketLocation', async () => {
    answer(copyResultXml('"c1"', WHEN));
    const copied = await harness.client.send(new CopyObjectCommand({ Bucket: 'b', Key: 'k2', CopySource: 'b/k' }));
    expect(copied.CopyObjectResult).toMatchObject({ ETag: '"c1"', LastModified: WHEN });
    await expectSentAs('CopyObject', 'b', 'k2');
    answer(locationConstraintXml('eu-west-1'));
    expect((await harness.client.send(new GetBucketLocationCommand({ Bucket: 'b' }))).LocationConstraint).toBe('eu-west-1');
    await expectSentAs('GetBucketLocation', 'b');
    answer(locationConstraintXml('us-east-1'));
    expect((await harness.client.send(new GetBucketLocationCommand({ Bucket: 'b' }))).LocationConstraint).toBeUndefined();
  });

  it('DeleteObjects: the body the SDK sends and the result it reads', async () => {
    answer(deleteResultXml({ deleted: [{ key: 'a b&c' }], errors: [{ key: 'x', code: 'AccessDenied', message: 'Access Denied' }] }, false));
    const request = { Quiet: false, Objects: [{ Key: 'a b&c' }, { Key: 'x', VersionId: 'null' }] };
    const out = await harness.client.send(new DeleteObjectsCommand({ Bucket: 'b', Delete: request }));
    expect(out.Deleted).toEqual([{ Key: 'a b&c' }]);
    expect(out.Errors).toEqual([{ Key: 'x', Code: 'AccessDenied', Message: 'Access Denied' }]);
    await expectSentAs('DeleteObjects', 'b');
    expect(parseDeleteObjects(harness.captured.at(-1)!.body)).toEqual({
      quiet: false,
      objects: [{ key: 'a b&c' }, { key: 'x', versionId: 'null' }],
    });
  });

  it('CreateBucket with a location: the configuration the SDK sends', async () => {
    answer('');
    await harness.client.send(new CreateBucketCommand({ Bucket: 'b', CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }));
    expect(parseCreateBucketConfiguration(harness.captured.at(-1)!.body)).toEqual({ locationConstraint: 'eu-west-1' });
    await expectSentAs('CreateBucket', 'b');
  });

  it('an Error document becomes the SDK exception named by its code', async () => {
    const { status, body } = errorXml({
      code: 'NoSuchKey',
      message: 'The specified key does not exist.',
      resource: '/b/k',
      requestId: 'req-1',
    });
    answer(body, status);
    const failure = await harness.client.send(new GetObjectCommand({ Bucket: 'b', Key: 'k' })).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'NoSuchKey', message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } });
    await expectSentAs('GetObject', 'b', 'k');
  });
});
