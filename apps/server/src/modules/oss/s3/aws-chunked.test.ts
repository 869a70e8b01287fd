import { createHash, createHmac } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AwsChunkedDecoder, type AwsChunkedOptions, type ChunkSigning } from './aws-chunked.ts';
import { signingKey } from './canonical.ts';
import { verifySigV4 } from './sigv4.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SCOPE = { date: '20130524', region: 'us-east-1', service: 's3' };
const SIGNING: ChunkSigning = {
  signingKey: signingKey(SECRET, SCOPE),
  amzDate: '20130524T000000Z',
  scope: SCOPE,
  seedSignature: '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
};
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** An independent encoder: chunk signatures chained per AWS, optionally a signed trailer. */
function encodeSigned(chunks: Buffer[], trailer?: string): Buffer {
  const key = signingKey(SECRET, SCOPE);
  const sign = (kind: string, previous: string, hash: string, empty = true) =>
    createHmac('sha256', key)
      .update([kind, SIGNING.amzDate, '20130524/us-east-1/s3/aws4_request', previous, ...(empty ? [sha256('')] : []), hash].join('\n'))
      .digest('hex');
  const parts: Buffer[] = [];
  let previous = SIGNING.seedSignature;
  for (const chunk of [...chunks, Buffer.alloc(0)]) {
    previous = sign('AWS4-HMAC-SHA256-PAYLOAD', previous, sha256(chunk));
    parts.push(Buffer.from(`${chunk.length.toString(16)};chunk-signature=${previous}\r\n`), chunk);
    if (chunk.length > 0) parts.push(Buffer.from('\r\n'));
  }
  if (trailer !== undefined) {
    const signature = sign('AWS4-HMAC-SHA256-TRAILER', previous, sha256(`${trailer}\n`), false);
    parts.push(Buffer.from(`${trailer}\r\nx-amz-trailer-signature:${signature}\r\n`));
  }
  parts.push(Buffer.from('\r\n'));
  return Buffer.concat(parts);
}

function encodeUnsigned(chunks: Buffer[], trailer: string): Buffer {
  const body = chunks.map((c) => `${c.length.toString(16)}\r\n${c.toString('latin1')}\r\n`).join('');
  return Buffer.from(`${body}0\r\n${trailer}\r\n\r\n`, 'latin1');
}

async function* pieces(body: Buffer, size: number) {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

async function decode(body: Buffer, options: AwsChunkedOptions, pieceSize = 1000) {
  const decoder = new AwsChunkedDecoder(options);
  const out: Buffer[] = [];
  for await (const data of decoder.decode(pieces(body, pieceSize))) out.push(data);
  return { data: Buffer.concat(out), checksum: decoder.checksum };
}

const crc32Base64 = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(data));
  return out.toString('base64');
};

describe('aws-chunked with signed chunks', () => {
  const A64K = Buffer.alloc(65536, 'a');
  const A1K = Buffer.alloc(1024, 'a');

  it("decodes AWS's published example and its seed verifies with verifySigV4", async () => {
    const body = encodeSigned([A64K, A1K]);
    expect(body.length).toBe(66824);
    expect(body.toString('latin1')).toMatch(/^10000;chunk-signature=ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648\r\n/);
    expect(body.toString('latin1')).toContain('400;chunk-signature=0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497\r\n');
    expect(body.toString('latin1')).toContain('0;chunk-signature=b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9\r\n\r\n');
    const auth = await verifySigV4(
      {
        method: 'PUT',
        rawPath: '/examplebucket/chunkObject.txt',
        query: [],
        headers: {
          host: 's3.amazonaws.com',
          'x-amz-date': '20130524T000000Z',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          authorization:
            'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
          'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
          'content-encoding': 'aws-chunked',
          'content-length': '66824',
          'x-amz-decoded-content-length': '66560',
        },
      },
      { lookupSecret: () => SECRET, now: new Date('2013-05-24T00:00:00Z'), region: 'us-east-1' },
    );
    expect(auth.payload.kind).toBe('streaming-signed');
    const { data } = await decode(body, { mode: 'streaming-signed', signing: auth, decodedContentLength: 66560 });
    expect(data.equals(Buffer.concat([A64K, A1K]))).toBe(true);
  });

  it('decodes when fed one byte at a time and in uneven splits', async () => {
    const body = encodeSigned([Buffer.from('hello '), Buffer.from('world')]);
    for (const size of [1, 2, 3, 7, 90]) {
      const { data } = await decode(body, { mode: 'streaming-signed', signing: SIGNING, decodedContentLength: 11 }, size);
      expect(data.toString()).toBe('hello world');
    }
  });

  it('refuses a tampered chunk, a wrong seed and reordered chunks', async () => {
    const body = encodeSigned([A1K, Buffer.from('xyz')]);
    const tampered = Buffer.from(body);
    tampered[200] = 'b'.charCodeAt(0);
    const opts = { mode: 'streaming-signed', signing: SIGNING } as const;
    await expect(decode(tampered, opts)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(decode(body, { ...opts, signing: { ...SIGNING, seedSignature: '0'.repeat(64) } })).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    const [first, second] = [encodeSigned([A1K]), encodeSigned([Buffer.from('xyz')])];
    const spliced = Buffer.concat([second.subarray(0, second.indexOf('0;chunk')), first.subarray(first.indexOf('0;chunk'))]);
    await expect(decode(spliced, opts)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('checks the signed trailer and its checksum', async () => {
    const data = Buffer.from('trailing data');
    const trailer = `x-amz-checksum-crc32:${crc32Base64(data)}`;
    const options = { mode: 'streaming-signed-trailer', signing: SIGNING, trailer: 'x-amz-checksum-crc32' } as const;
    await expect(decode(encodeSigned([data], trailer), options, 5)).resolves.toMatchObject({ checksum: { algorithm: 'crc32' } });
    const forged = encodeSigned([data], trailer)
      .toString('latin1')
      .replace(/trailer-signature:\w+/, `trailer-signature:${'1'.repeat(64)}`);
    await expect(decode(Buffer.from(forged, 'latin1'), options)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});

describe('aws-chunked with unsigned chunks and a trailer', () => {
  const data = Buffer.from('0123456789abcdef'.repeat(1000));
  const body = encodeUnsigned([data.subarray(0, 9000), data.subarray(9000)], `x-amz-checksum-crc32:${crc32Base64(data)}`);
  const options = { mode: 'streaming-unsigned-trailer', trailer: 'x-amz-checksum-crc32', decodedContentLength: data.length } as const;

  it('decodes and reports the verified checksum, whatever the read sizes', async () => {
    for (const size of [1, 13, 65536]) {
      const result = await decode(body, options, size);
      expect(result.data.equals(data)).toBe(true);
      expect(result.checksum).toEqual({ algorithm: 'crc32', value: crc32Base64(data) });
    }
  });

  it('answers BadDigest for a wrong checksum and IncompleteBody for a short or cut body', async () => {
    const wrong = encodeUnsigned([data], `x-amz-checksum-crc32:AAAAAA==`);
    await expect(decode(wrong, options)).rejects.toMatchObject({ code: 'BadDigest' });
    await expect(decode(body, { ...options, decodedContentLength: data.length + 1 })).rejects.toMatchObject({ code: 'IncompleteBody' });
    await expect(decode(body.subarray(0, 5000), options)).rejects.toMatchObject({ code: 'IncompleteBody' });
    await expect(decode(body.subarray(0, body.length - 2), options)).rejects.toMatchObject({ code: 'IncompleteBody' });
  });

  it('refuses malformed framing, excess bytes, a missing trailer and an unknown algorithm', async () => {
    const invalid = (b: Buffer | string, o: AwsChunkedOptions = options) =>
      expect(decode(Buffer.isBuffer(b) ? b : Buffer.from(b), o)).rejects.toMatchObject({ code: 'InvalidRequest' });
    await invalid(`zz\r\nabc\r\n0\r\n\r\n`);
    await invalid(`2\r\nabc\r\n0\r\n\r\n`);
    await invalid(`${'1'.repeat(5000)}`);
    await invalid(Buffer.concat([body, Buffer.from('extra')]));
    await invalid(body, { ...options, decodedContentLength: 10 });
    await invalid(encodeUnsigned([data], 'x-other:1'));
    expect(() => new AwsChunkedDecoder({ mode: 'streaming-unsigned-trailer', trailer: 'x-amz-checksum-md5' })).toThrow(
      expect.objectContaining({ code: 'InvalidRequest' }),
    );
  });
});
