/** URLs from @aws-sdk/s3-request-presigner's getSignedUrl, as a browser or fetch would send them. */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { resolveS3Request } from './request.ts';
import { verifySigV4 } from './sigv4.ts';

const SECRET = 'presign secret+/=~';
const client = new S3Client({
  endpoint: 'http://s3.example.test:9000',
  region: 'eu-central-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'PRESIGNKEY', secretAccessKey: SECRET },
});
const virtualHostClient = new S3Client({
  endpoint: 'http://s3.example.test:9000',
  region: 'eu-central-1',
  credentials: { accessKeyId: 'PRESIGNKEY', secretAccessKey: SECRET },
});

/** The request a plain fetch of `url` makes: the URL's own path and query, Host from the URL. */
function requestFor(method: string, url: string) {
  const parsed = new URL(url);
  return { method, host: parsed.host, rawPath: parsed.pathname, query: [...parsed.searchParams.entries()], headers: { host: parsed.host } };
}

const verify = (line: ReturnType<typeof requestFor>, now = new Date()) =>
  verifySigV4(line, { lookupSecret: () => SECRET, now, region: 'eu-central-1' });

describe('presigned URLs from @aws-sdk/s3-request-presigner', () => {
  it.each(['photo.jpg', 'dir/with space+plus=eq~tilde.txt', 'ünï/日本語.bin'])('GET and PUT of %s verify and resolve', async (key) => {
    const getUrl = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'bucket', Key: key }), { expiresIn: 300 });
    const get = requestFor('GET', getUrl);
    await expect(verify(get)).resolves.toMatchObject({ accessKeyId: 'PRESIGNKEY', presigned: true, payload: { kind: 'unsigned' } });
    expect(resolveS3Request(get, ['s3.example.test'])).toEqual({ bucket: 'bucket', key, operation: 'GetObject' });

    const putUrl = await getSignedUrl(client, new PutObjectCommand({ Bucket: 'bucket', Key: key }), { expiresIn: 300 });
    const put = requestFor('PUT', putUrl);
    await expect(verify(put)).resolves.toMatchObject({ presigned: true });
    expect(resolveS3Request(put, ['s3.example.test'])).toEqual({ bucket: 'bucket', key, operation: 'PutObject' });
    await expect(verify({ ...put, method: 'GET' })).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('virtual-host style URLs verify and name the bucket by host', async () => {
    const url = await getSignedUrl(virtualHostClient, new GetObjectCommand({ Bucket: 'my-bucket', Key: 'a b.txt' }), { expiresIn: 60 });
    const get = requestFor('GET', url);
    expect(get.host).toBe('my-bucket.s3.example.test:9000');
    await expect(verify(get)).resolves.toMatchObject({ presigned: true });
    expect(resolveS3Request(get, ['s3.example.test'])).toEqual({ bucket: 'my-bucket', key: 'a b.txt', operation: 'GetObject' });
  });

  it('expires when the URL says', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'bucket', Key: 'k' }), { expiresIn: 60 });
    await expect(verify(requestFor('GET', url), new Date(Date.now() + 120_000))).rejects.toMatchObject({ code: 'AccessDenied' });
  });
});
