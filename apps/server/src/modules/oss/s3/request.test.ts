import { describe, expect, it } from 'vitest';
import { errorCodeOf as failure } from './error-code.test-support.ts';
import { addressOf, parseCopySource, resolveS3Request, type S3RequestLine } from './request.ts';

const BASE = ['s3.example.test', 'localhost'];

function line(method: string, target: string, host = '127.0.0.1:9000', headers: Record<string, string> = {}): S3RequestLine {
  const [rawPath = '', search = ''] = target.split('?', 2);
  const query = search === '' ? [] : search.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
  return { method, host, rawPath, query: query.map(([n, v = '']) => [n, v] as const), headers };
}

const resolve = (method: string, target: string, host?: string, headers?: Record<string, string>) =>
  resolveS3Request(line(method, target, host, headers), BASE);

describe('S3 addressing', () => {
  it('reads path style: bucket, then the percent-decoded key with + kept as a plus', () => {
    expect(addressOf(line('GET', '/b/dir/a%20b+c%2Bd%C3%BC'), BASE)).toEqual({ bucket: 'b', key: 'dir/a b+c+dü' });
    expect(addressOf(line('GET', '/b/'), BASE)).toEqual({ bucket: 'b' });
    expect(addressOf(line('GET', '/b'), BASE)).toEqual({ bucket: 'b' });
    expect(addressOf(line('GET', '/'), BASE)).toEqual({});
    expect(addressOf(line('GET', '/b/a//b/'), BASE)).toEqual({ bucket: 'b', key: 'a//b/' });
    expect(addressOf(line('GET', '/b/%2F..%2Fx'), BASE)).toEqual({ bucket: 'b', key: '/../x' });
  });

  it('reads virtual-host style against the configured base hosts, port or not, any case', () => {
    expect(addressOf(line('GET', '/k%20x', 'my.bucket.S3.example.test:9000'), BASE)).toEqual({ bucket: 'my.bucket', key: 'k x' });
    expect(addressOf(line('GET', '/', 'b.localhost'), BASE)).toEqual({ bucket: 'b' });
    expect(addressOf(line('GET', '/b/k', 's3.example.test'), BASE)).toEqual({ bucket: 'b', key: 'k' });
    expect(addressOf(line('GET', '/b/k', 'other.host'), BASE)).toEqual({ bucket: 'b', key: 'k' });
  });

  it('refuses invalid UTF-8 and keys over 1024 bytes', () => {
    expect(failure(() => addressOf(line('GET', '/b/%FF'), BASE))).toBe('InvalidURI');
    expect(failure(() => addressOf(line('GET', `/b/${'k'.repeat(1025)}`), BASE))).toBe('KeyTooLongError');
    expect(addressOf(line('GET', `/b/${'k'.repeat(1024)}`), BASE).key).toHaveLength(1024);
  });
});

describe('S3 operations', () => {
  it.each([
    ['GET', '/', undefined, 'ListBuckets'],
    ['PUT', '/b', undefined, 'CreateBucket'],
    ['DELETE', '/b', undefined, 'DeleteBucket'],
    ['HEAD', '/b', undefined, 'HeadBucket'],
    ['GET', '/b?location', undefined, 'GetBucketLocation'],
    ['GET', '/b?versioning', undefined, 'GetBucketVersioning'],
    ['GET', '/b?prefix=a&delimiter=/&max-keys=10', undefined, 'ListObjects'],
    ['GET', '/b?list-type=2&continuation-token=x&start-after=a&encoding-type=url&fetch-owner=true', undefined, 'ListObjectsV2'],
    ['GET', '/b?versions&key-marker=a&version-id-marker=null', undefined, 'ListObjectVersions'],
    ['GET', '/b?uploads&upload-id-marker=u', undefined, 'ListMultipartUploads'],
    ['POST', '/b?delete', undefined, 'DeleteObjects'],
    ['PUT', '/b/k?x-id=PutObject', undefined, 'PutObject'],
    ['PUT', '/b/k', { 'x-amz-copy-source': '/a/k' }, 'CopyObject'],
    ['GET', '/b/k?response-content-type=text/plain&versionId=null', undefined, 'GetObject'],
    ['HEAD', '/b/k', undefined, 'HeadObject'],
    ['DELETE', '/b/k', undefined, 'DeleteObject'],
    ['POST', '/b/k?uploads', undefined, 'CreateMultipartUpload'],
    ['PUT', '/b/k?partNumber=1&uploadId=u', undefined, 'UploadPart'],
    ['PUT', '/b/k?partNumber=1&uploadId=u', { 'x-amz-copy-source': 'a/k' }, 'UploadPartCopy'],
    ['POST', '/b/k?uploadId=u', undefined, 'CompleteMultipartUpload'],
    ['DELETE', '/b/k?uploadId=u', undefined, 'AbortMultipartUpload'],
    ['GET', '/b/k?uploadId=u&max-parts=5&part-number-marker=2', undefined, 'ListParts'],
  ] as const)('%s %s is %s', (method, target, headers, operation) => {
    expect(resolve(method, target, undefined, headers).operation).toBe(operation);
  });

  it('presigned parameters select nothing', () => {
    const target =
      '/b/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a&X-Amz-Date=d&X-Amz-Expires=1&X-Amz-SignedHeaders=host&X-Amz-Signature=s&x-amz-content-sha256=UNSIGNED-PAYLOAD';
    expect(resolve('GET', target)).toEqual({ bucket: 'b', key: 'k', operation: 'GetObject' });
  });

  it.each([
    ['GET', '/b?acl'],
    ['PUT', '/b?policy'],
    ['GET', '/b/k?tagging'],
    ['PUT', '/b?lifecycle'],
    ['GET', '/b?cors'],
    ['PUT', '/b?versioning'],
    ['POST', '/b/k?restore'],
    ['POST', '/b/k?select&select-type=2'],
    ['GET', '/b/k?location'],
    ['DELETE', '/b?delete'],
    ['PUT', '/b?uploads'],
    ['GET', '/b?website'],
    ['GET', '/b/k?attributes'],
    ['POST', '/b'],
    ['POST', '/b/k'],
  ])('%s %s answers NotImplemented', (method, target) => {
    expect(failure(() => resolve(method, target))).toBe('NotImplemented');
  });

  it('answers MethodNotAllowed and InvalidArgument where S3 does', () => {
    expect(failure(() => resolve('PUT', '/'))).toBe('MethodNotAllowed');
    expect(failure(() => resolve('PATCH', '/b/k'))).toBe('MethodNotAllowed');
    expect(failure(() => resolve('GET', '/b?list-type=3'))).toBe('InvalidArgument');
  });

  it('resolves virtual-host style requests', () => {
    expect(resolve('GET', '/?list-type=2', 'bkt.s3.example.test')).toEqual({ bucket: 'bkt', operation: 'ListObjectsV2' });
    expect(resolve('PUT', '/a/b.txt', 'bkt.s3.example.test')).toEqual({ bucket: 'bkt', key: 'a/b.txt', operation: 'PutObject' });
  });
});

describe('x-amz-copy-source', () => {
  it('reads bucket, decoded key and version, with or without a leading slash', () => {
    expect(parseCopySource('/src/dir/a%20b%2Bc')).toEqual({ bucket: 'src', key: 'dir/a b+c' });
    expect(parseCopySource('src/k?versionId=null')).toEqual({ bucket: 'src', key: 'k', versionId: 'null' });
  });

  it('refuses a source without bucket or key', () => {
    for (const bad of ['', '/', 'bucket', 'bucket/', '/k', 'b/k?other=1'])
      expect(failure(() => parseCopySource(bad))).toBe('InvalidArgument');
  });
});
