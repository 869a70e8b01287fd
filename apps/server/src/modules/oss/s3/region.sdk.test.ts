/**
 * The service's region: what HeadBucket and GetBucketLocation announce is the only one a signature
 * may be scoped to. A client signing for another is refused as S3 refuses it, and changes nothing.
 */
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketCreator, s3AppPerFile, s3Client, s3Endpoint, type Credentials } from './listener.test-support.ts';

const { t } = s3AppPerFile();
const Bucket = 'region-bucket';
let credentials: Credentials;
let client: S3Client;
const elsewhere = () => new S3Client({ endpoint: s3Endpoint(t), region: 'eu-west-1', forcePathStyle: true, credentials });

async function refusal(run: Promise<unknown>) {
  const error = (await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as (S3ServiceException & { Region?: string }) | undefined;
  return error && { name: error.name, status: error.$metadata.httpStatusCode, message: error.message, region: error.Region };
}

async function bodyOf(key: string): Promise<string | undefined> {
  try {
    return await (await client.send(new GetObjectCommand({ Bucket, Key: key }))).Body!.transformToString();
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

beforeAll(async () => {
  ({ credentials } = await bucketCreator(t));
  client = s3Client(t, credentials);
  await client.send(new CreateBucketCommand({ Bucket }));
  await client.send(new PutObjectCommand({ Bucket, Key: 'kept.txt', Body: 'kept' }));
});

describe('the region of a signature', () => {
  it('is the one HeadBucket announces (us-east-1), which signs as usual', async () => {
    const head = await client.send(new HeadBucketCommand({ Bucket }));
    expect(head.BucketRegion).toBe('us-east-1');
    expect(await bodyOf('kept.txt')).toBe('kept');
  });

  it('refuses a header signed for another region with AuthorizationHeaderMalformed, and writes and deletes nothing', async () => {
    const other = elsewhere();
    const expected = {
      name: 'AuthorizationHeaderMalformed',
      status: 400,
      message: "The authorization header is malformed; the region 'eu-west-1' is wrong; expecting 'us-east-1'",
      region: 'us-east-1',
    };
    expect(await refusal(other.send(new PutObjectCommand({ Bucket, Key: 'written.txt', Body: 'no' })))).toEqual(expected);
    expect(await refusal(other.send(new DeleteObjectCommand({ Bucket, Key: 'kept.txt' })))).toEqual(expected);
    expect(await refusal(other.send(new GetObjectCommand({ Bucket, Key: 'kept.txt' })))).toEqual(expected);
    // Checked before the key: an unknown key signing for another region gets the same answer.
    const stranger = new S3Client({
      endpoint: s3Endpoint(t),
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'PKAAAAAAAAAAAAAAAAAA', secretAccessKey: 'x'.repeat(40) },
    });
    expect(await refusal(stranger.send(new GetObjectCommand({ Bucket, Key: 'kept.txt' })))).toEqual(expected);
    other.destroy();
    stranger.destroy();
    expect(await bodyOf('written.txt')).toBeUndefined();
    expect(await bodyOf('kept.txt')).toBe('kept');
  });

  it('refuses a presigned URL for another region with AuthorizationQueryParametersError, and stores nothing', async () => {
    const other = elsewhere();
    const put = await getSignedUrl(other, new PutObjectCommand({ Bucket, Key: 'presigned.txt' }), { expiresIn: 300 });
    const get = await getSignedUrl(other, new GetObjectCommand({ Bucket, Key: 'kept.txt' }), { expiresIn: 300 });
    other.destroy();
    for (const answer of [await fetch(put, { method: 'PUT', body: 'no' }), await fetch(get)]) {
      expect(answer.status).toBe(400);
      const body = (await answer.text()).replaceAll('&apos;', "'");
      expect(body).toContain('<Code>AuthorizationQueryParametersError</Code>');
      expect(body).toContain("the region 'eu-west-1' is wrong; expecting 'us-east-1'");
      expect(body).toContain('<Region>us-east-1</Region>');
    }
    expect(await bodyOf('presigned.txt')).toBeUndefined();
    const right = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: 'kept.txt' }), { expiresIn: 300 });
    expect(await (await fetch(right)).text()).toBe('kept');
  });
});
