/**
 * The S3 storage driver against this service's own S3 API: the driver contract suite, then a second
 * portal instance storing its objects through the driver in the first one's bucket.
 */
import { CreateBucketCommand, CreateMultipartUploadCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../../test/factories/identity.ts';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { ossCaller, ossDataDir, putBytes } from '../../../../test/factories/oss.ts';
import { describeObjectStorage } from '../../../platform/storage/driver-suite.test-support.ts';
import { createS3Storage } from '../../../platform/storage/s3-storage.ts';
import { bucketCreator, s3AppPerFile, s3Client, s3Endpoint, type Credentials } from './listener.test-support.ts';

const BUCKET = 'driver-bytes';
const PREFIX = 'portal/';
const { t } = s3AppPerFile();
let client: S3Client;
let credentials: Credentials;

beforeAll(async () => {
  ({ credentials } = await bucketCreator(t));
  client = s3Client(t, credentials);
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(() => client.destroy());

describeObjectStorage('the S3 driver on this service', () => ({
  storage: createS3Storage({ connect: () => client, bucket: BUCKET, prefix: PREFIX }),
  async makeLeftover(key) {
    await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
  },
}));

describe('a portal whose storage driver is another portal’s S3 API', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await buildTestApp({
      DATA_DIR: ossDataDir(),
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: s3Endpoint(t),
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_PREFIX: 'second/',
      STORAGE_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
  });
  afterAll(() => second.close());

  it('keeps its objects’ bytes there, and serves them back', async () => {
    const admin = ossCaller(second, await adminToken(second));
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'through-s3' } })).json();
    expect((await putBytes(admin, id, 'docs/readme.txt', 'kept in the other portal')).statusCode).toBe(200);
    const download = await admin({ method: 'GET', url: `/v1/buckets/${id}/files?key=docs/readme.txt` });
    expect(download.body).toBe('kept in the other portal');
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `second/oss/${id}/` }));
    expect(listed.Contents?.map((object) => object.Size)).toEqual([24]);
  });
});
