/**
 * A request's body as it is to be kept: decoded from aws-chunked when the signature says so, with
 * every checksum the request declares (x-amz-checksum-* headers, Content-MD5, a literal
 * x-amz-content-sha256, a checksum trailer) verified as the bytes pass. A mismatch fails the stream
 * before it ends, with S3's code, so whatever consumes it (a streamed write to a temporary file)
 * keeps nothing.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform, pipeline } from 'node:stream';
import { AwsChunkedDecoder, awsChunkedOptionsFor, type VerifiedChecksum } from './aws-chunked.ts';
import { CHECKSUM_ALGORITHMS, createChecksum, type ChecksumAlgorithm } from './checksum.ts';
import { S3Error } from './errors.ts';
import { headerOf, type S3Exchange } from './exchange.ts';
import { checkPayloadSha256 } from './sigv4.ts';
import { STREAM_BUFFER_BYTES } from '../../../platform/storage/metered.ts';

export interface RequestBody {
  stream: Readable;
  /** The length the client declared (x-amz-decoded-content-length for aws-chunked, else Content-Length). */
  declaredLength: number | undefined;
  /** The checksum the client sent and the bytes matched, once the stream has ended. */
  checksum(): VerifiedChecksum | undefined;
  /**
   * With `digests: 'by-store'`, the whole body's MD5 (Content-MD5, base64) and SHA-256 (a literal
   * x-amz-content-sha256, hex) as declared, unchecked: a streamed write computes both anyway and
   * verifies them before keeping anything (objects/declared.ts), so the bytes are not hashed twice.
   */
  declaredDigests: { md5?: string | undefined; payloadSha256?: string | undefined };
}

export interface BodyOptions {
  /** False for a CompleteMultipartUpload, whose x-amz-checksum-* headers are the whole object's, not its body's. */
  checksumHeaders?: boolean;
  /** Who checks the body's MD5 and SHA-256: the stream (default), or the store the bytes go to (see `declaredDigests`). */
  digests?: 'in-stream' | 'by-store';
}

interface Check {
  update(data: Buffer): void;
  /** Throws S3's error when the bytes do not match. */
  verify(): void;
}

function contentMd5(exchange: S3Exchange): string | undefined {
  const md5 = headerOf(exchange, 'content-md5');
  if (md5 === undefined) return undefined;
  if (!/^[A-Za-z0-9+/]{22}==$/.test(md5.trim())) throw new S3Error('InvalidDigest', 'The Content-MD5 you specified was invalid.');
  return md5.trim();
}

function digestCheck(algorithm: 'md5' | 'sha256', expected: string, onMismatch: (actual: string) => void): Check {
  const hash = createHash(algorithm);
  return {
    update: (data) => void hash.update(data),
    verify: () => {
      const actual = hash.digest(algorithm === 'md5' ? 'base64' : 'hex');
      if (actual !== expected) onMismatch(actual);
    },
  };
}

function headerChecksums(exchange: S3Exchange): { algorithm: ChecksumAlgorithm; value: string }[] {
  return CHECKSUM_ALGORITHMS.flatMap((algorithm) => {
    const value = headerOf(exchange, `x-amz-checksum-${algorithm}`);
    return value === undefined ? [] : [{ algorithm, value: value.trim() }];
  });
}

function checksumCheck(algorithm: ChecksumAlgorithm, expected: string): Check {
  const running = createChecksum(algorithm);
  return {
    update: (data) => running.update(data),
    verify: () => {
      if (running.digestBase64() !== expected) {
        throw new S3Error('BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
      }
    },
  };
}

function verifying(checks: Check[]): Transform {
  return new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      for (const check of checks) check.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      try {
        for (const check of checks) check.verify();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

function declaredLengthOf(exchange: S3Exchange, decoded: number | undefined): number | undefined {
  if (decoded !== undefined) return decoded;
  const length = headerOf(exchange, 'content-length');
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
}

/** The request's body, decoded and verified as it streams (see the file's comment and BodyOptions). */
export function requestBody(exchange: S3Exchange, { checksumHeaders = true, digests = 'in-stream' }: BodyOptions = {}): RequestBody {
  const auth = exchange.caller.kind === 'key' ? exchange.caller.auth : undefined;
  const chunked = auth ? awsChunkedOptionsFor(auth, exchange.headers) : undefined;
  const decoder = chunked ? new AwsChunkedDecoder(chunked) : undefined;
  const md5 = contentMd5(exchange);
  const payload = auth?.payload.kind === 'sha256' ? auth.payload : undefined;
  const declared = checksumHeaders ? headerChecksums(exchange) : [];
  const checks: Check[] = declared.map(({ algorithm, value }) => checksumCheck(algorithm, value));
  const inStream = digests === 'in-stream';
  if (inStream && md5 !== undefined) {
    checks.push(
      digestCheck('md5', md5, () => {
        throw new S3Error('BadDigest', 'The Content-MD5 you specified did not match what we received.');
      }),
    );
  }
  if (inStream && payload) checks.push(digestCheck('sha256', payload.sha256, (actual) => checkPayloadSha256(payload, actual)));
  const source: Readable = decoder ? Readable.from(decoder.decode(exchange.req), { objectMode: false }) : exchange.req;
  const stream = checks.length === 0 ? source : pipeline(source, verifying(checks), () => undefined);
  const [first] = declared;
  return {
    stream,
    declaredLength: declaredLengthOf(exchange, chunked?.decodedContentLength),
    checksum: () => decoder?.checksum ?? first,
    declaredDigests: inStream ? {} : { md5, payloadSha256: payload?.sha256 },
  };
}

/** A small body (an XML request document), read whole; more than `maxBytes` is refused. */
export async function readSmallBody(
  exchange: S3Exchange,
  maxBytes: number,
  options?: Pick<BodyOptions, 'checksumHeaders'>,
): Promise<Buffer> {
  const { stream } = requestBody(exchange, options);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of stream as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxBytes) throw new S3Error('MalformedXML', `The request body is larger than ${maxBytes} bytes`);
    parts.push(part);
  }
  return Buffer.concat(parts);
}
