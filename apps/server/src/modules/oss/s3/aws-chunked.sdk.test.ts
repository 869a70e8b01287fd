/**
 * Real bodies: what the newest @aws-sdk/client-s3 sends with default settings for a streamed
 * PutObject, captured by a bare node:http server, then verified and decoded as the listener will.
 */
import { PutObjectCommand, type ChecksumAlgorithm } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsChunkedDecoder, awsChunkedOptionsFor } from './aws-chunked.ts';
import {
  HARNESS_SECRET as SECRET,
  startSdkHarness,
  type CapturedRequest as Captured,
  type SdkHarness,
} from './sdk-harness.test-support.ts';
import { verifySigV4 } from './sigv4.ts';

let harness: SdkHarness;
beforeAll(async () => {
  harness = await startSdkHarness();
});
afterAll(() => harness.close());

async function put(body: Buffer, algorithm?: ChecksumAlgorithm): Promise<Captured> {
  harness.captured.length = 0;
  const stream = Readable.from([body.subarray(0, 70000), body.subarray(70000)]);
  await harness.client.send(
    new PutObjectCommand({
      Bucket: 'bucket',
      Key: 'dir/a file+x.bin',
      Body: stream,
      ContentLength: body.length,
      ChecksumAlgorithm: algorithm,
    }),
  );
  return harness.captured[0]!;
}

async function verifyAndDecode(request: Captured, pieceSize: number) {
  const url = new URL(request.url, 'http://x');
  const query = [...url.searchParams.entries()];
  const auth = await verifySigV4(
    { method: request.method, rawPath: url.pathname, query, headers: request.headers },
    { lookupSecret: () => SECRET, region: 'us-east-1' },
  );
  const options = awsChunkedOptionsFor(auth, request.headers);
  if (!options) throw new Error('not an aws-chunked body');
  const decoder = new AwsChunkedDecoder(options);
  const hash = createHash('sha256');
  async function* feed() {
    for (let at = 0; at < request.body.length; at += pieceSize) yield request.body.subarray(at, at + pieceSize);
  }
  for await (const data of decoder.decode(feed())) hash.update(data);
  return { auth, sha256: hash.digest('hex'), checksum: decoder.checksum };
}

const payload = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 7919) % 251));
const payloadSha256 = createHash('sha256').update(payload).digest('hex');

describe('bodies sent by @aws-sdk/client-s3', () => {
  it('a streamed PutObject with default settings is aws-chunked, unsigned, with a CRC32 trailer', async () => {
    const request = await put(payload);
    expect(request.headers['content-encoding']).toBe('aws-chunked');
    expect(request.headers['x-amz-content-sha256']).toBe('STREAMING-UNSIGNED-PAYLOAD-TRAILER');
    expect(request.headers['x-amz-trailer']).toBe('x-amz-checksum-crc32');
    const result = await verifyAndDecode(request, 65536);
    expect(result.sha256).toBe(payloadSha256);
    expect(result.checksum?.algorithm).toBe('crc32');
    expect(request.body.toString('latin1')).toContain(`x-amz-checksum-crc32:${result.checksum?.value}`);
  });

  it.each(['CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const)('decodes and verifies a %s trailer', async (algorithm) => {
    const request = await put(payload, algorithm);
    const result = await verifyAndDecode(request, 4099);
    expect(result.sha256).toBe(payloadSha256);
    expect(result.checksum?.algorithm).toBe(algorithm.toLowerCase());
  });

  it('decodes a real body fed one byte at a time', async () => {
    const small = payload.subarray(0, 75_000);
    const request = await put(small);
    const result = await verifyAndDecode(request, 1);
    expect(result.sha256).toBe(createHash('sha256').update(small).digest('hex'));
  });

  it('needs x-amz-decoded-content-length on a streamed body; a plain body needs no decoder', async () => {
    const request = await put(payload);
    const { 'x-amz-decoded-content-length': _length, ...headers } = request.headers;
    const auth = {
      payload: { kind: 'streaming-unsigned-trailer' },
      signingKey: Buffer.alloc(32),
      amzDate: '',
      scope: { date: '', region: '', service: '' },
      seedSignature: '',
    } as const;
    expect(() => awsChunkedOptionsFor(auth, headers)).toThrow(expect.objectContaining({ code: 'MissingContentLength' }));
    expect(() => awsChunkedOptionsFor(auth, { ...headers, 'x-amz-decoded-content-length': '1e3' })).toThrow(
      expect.objectContaining({ code: 'InvalidArgument' }),
    );
    expect(awsChunkedOptionsFor({ ...auth, payload: { kind: 'unsigned' } }, headers)).toBeUndefined();
  });

  it('refuses a real body whose bytes were altered in transit', async () => {
    const request = await put(payload);
    const at = request.body.indexOf('\r\n') + 100;
    request.body[at] = request.body[at]! ^ 1;
    await expect(verifyAndDecode(request, 65536)).rejects.toMatchObject({ code: 'BadDigest' });
  });
});
