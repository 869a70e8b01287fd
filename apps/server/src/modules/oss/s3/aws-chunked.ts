/**
 * Decoder of `Content-Encoding: aws-chunked` bodies: signed chunks chained from the request's
 * signature (STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]) and unsigned chunks with a checksum trailer
 * (STREAMING-UNSIGNED-PAYLOAD-TRAILER). It streams: only chunk headers and trailers are buffered.
 *
 * A chunk's bytes are passed on before its signature can be checked (the signature covers the whole
 * chunk), so a consumer writes them somewhere temporary and keeps them only when iteration ends
 * without an error.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { headerValue, hmac, lowerCaseHeaders, scopeString, sha256Hex, type Headers, type Scope } from './canonical.ts';
import { createChecksum, isChecksumAlgorithm, type ChecksumAlgorithm, type RunningChecksum } from './checksum.ts';
import { S3Error } from './errors.ts';
import type { SigV4Result } from './sigv4.ts';

export type AwsChunkedMode = 'streaming-signed' | 'streaming-signed-trailer' | 'streaming-unsigned-trailer';

export interface ChunkSigning {
  signingKey: Uint8Array;
  amzDate: string;
  scope: Scope;
  seedSignature: string;
}

export interface AwsChunkedOptions {
  mode: AwsChunkedMode;
  /** x-amz-decoded-content-length, when the request gave it. */
  decodedContentLength?: number;
  /** x-amz-trailer: the name of the checksum trailer announced, e.g. x-amz-checksum-crc32. */
  trailer?: string;
  /** Required for the signed modes: what verifySigV4 returned. */
  signing?: ChunkSigning;
}

export interface VerifiedChecksum {
  algorithm: ChecksumAlgorithm;
  /** base64, as S3 returns it in x-amz-checksum-<algorithm>. */
  value: string;
}

const MAX_LINE = 4096;
const EMPTY_SHA256 = sha256Hex('');
const CRLF = Buffer.from('\r\n');
const malformed = (message: string) => new S3Error('InvalidRequest', `Malformed aws-chunked body: ${message}`);

type State = { at: 'header' } | { at: 'data'; left: number } | { at: 'data-end' } | { at: 'trailer' } | { at: 'done' };

export class AwsChunkedDecoder {
  /** The trailer's checksum once the body has been read and verified. */
  checksum: VerifiedChecksum | undefined;
  private state: State = { at: 'header' };
  private pending: Buffer = Buffer.alloc(0);
  private decodedLength = 0;
  private previousSignature: string;
  private expectedSignature: string | undefined;
  private chunkHash = createHash('sha256');
  private readonly running: RunningChecksum | undefined;
  private readonly algorithm: ChecksumAlgorithm | undefined;
  private readonly trailers = new Map<string, string>();
  private readonly trailerLines: string[] = [];
  private readonly signing: ChunkSigning | undefined;

  constructor(private readonly options: AwsChunkedOptions) {
    if (options.mode !== 'streaming-unsigned-trailer') {
      if (!options.signing) throw new Error('aws-chunked: signed modes need the request signing data');
      this.signing = options.signing;
    }
    this.previousSignature = this.signing?.seedSignature ?? '';
    if (options.trailer !== undefined) {
      const algorithm = options.trailer.toLowerCase().replace(/^x-amz-checksum-/, '');
      if (!options.trailer.toLowerCase().startsWith('x-amz-checksum-') || !isChecksumAlgorithm(algorithm)) {
        throw new S3Error('InvalidRequest', `The value specified in the x-amz-trailer header is not supported`);
      }
      this.algorithm = algorithm;
      this.running = createChecksum(algorithm);
    } else if (options.mode !== 'streaming-signed') {
      throw new S3Error('InvalidRequest', 'x-amz-trailer is required with a trailer payload');
    }
  }

  /** The decoded bytes of `source`; throws an S3Error as soon as the body is found wrong. */
  async *decode(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer> {
    for await (const piece of source) {
      let input = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      while (input.length > 0) {
        if (this.state.at === 'done') throw malformed('data after the final chunk');
        if (this.state.at === 'data') {
          const data = input.subarray(0, this.state.left);
          input = input.subarray(data.length);
          this.take(data);
          this.state = this.state.left === data.length ? { at: 'data-end' } : { at: 'data', left: this.state.left - data.length };
          yield data;
          continue;
        }
        const line = this.readLine(input);
        input = line.rest;
        if (line.text !== undefined) this.onLine(line.text);
      }
    }
    if (this.state.at !== 'done') throw new S3Error('IncompleteBody', 'The request body ended before the final chunk');
    this.finish();
  }

  private take(data: Buffer): void {
    this.decodedLength += data.length;
    const limit = this.options.decodedContentLength;
    if (limit !== undefined && this.decodedLength > limit) throw malformed('more bytes than x-amz-decoded-content-length');
    this.running?.update(data);
    if (this.signing) this.chunkHash.update(data);
  }

  /** Accumulates up to CRLF; `text` is the line without it once complete. */
  private readLine(input: Buffer): { text?: string; rest: Buffer } {
    const joined = this.pending.length > 0 ? Buffer.concat([this.pending, input]) : input;
    const end = joined.indexOf(CRLF);
    if (end < 0) {
      if (joined.length > MAX_LINE) throw malformed('chunk header or trailer too long');
      this.pending = Buffer.from(joined);
      return { rest: Buffer.alloc(0) };
    }
    this.pending = Buffer.alloc(0);
    if (end > MAX_LINE) throw malformed('chunk header or trailer too long');
    return { text: joined.toString('latin1', 0, end), rest: joined.subarray(end + 2) };
  }

  private onLine(text: string): void {
    switch (this.state.at) {
      case 'data-end':
        if (text !== '') throw malformed('chunk data longer than its declared size');
        this.verifyChunk();
        this.state = { at: 'header' };
        return;
      case 'header':
        return this.onChunkHeader(text);
      case 'trailer':
        if (text === '') return this.onTrailersEnd();
        if (this.options.mode === 'streaming-signed') throw malformed('a trailer in a body without trailers');
        this.trailerLines.push(text);
        return;
    }
  }

  private onChunkHeader(text: string): void {
    const [sizeText = '', ...extensions] = text.split(';');
    if (!/^[0-9a-fA-F]{1,12}$/.test(sizeText)) throw malformed(`bad chunk size "${sizeText.slice(0, 20)}"`);
    const size = parseInt(sizeText, 16);
    if (this.signing) {
      const signature = extensions.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length);
      if (!signature || !/^[0-9a-f]{64}$/.test(signature)) throw malformed('a signed chunk needs chunk-signature');
      this.expectedSignature = signature;
    }
    if (size > 0) {
      this.state = { at: 'data', left: size };
      return;
    }
    this.verifyChunk();
    this.state = { at: 'trailer' };
  }

  private verifyChunk(): void {
    const signing = this.signing;
    if (!signing) return;
    const toSign = ['AWS4-HMAC-SHA256-PAYLOAD', signing.amzDate, scopeString(signing.scope), this.previousSignature, EMPTY_SHA256];
    toSign.push(this.chunkHash.digest('hex'));
    this.chunkHash = createHash('sha256');
    this.previousSignature = checkSignature(signing, toSign.join('\n'), this.expectedSignature);
  }

  private onTrailersEnd(): void {
    let trailerSignature: string | undefined;
    let canonical = '';
    for (const line of this.trailerLines) {
      const at = line.indexOf(':');
      if (at <= 0) throw malformed('bad trailer line');
      const name = line.slice(0, at).trim().toLowerCase();
      const value = line.slice(at + 1).trim();
      if (name === 'x-amz-trailer-signature') trailerSignature = value;
      else {
        this.trailers.set(name, value);
        canonical += `${name}:${value}\n`;
      }
    }
    const signing = this.signing;
    if (this.options.mode === 'streaming-signed-trailer' && signing) {
      const toSign = [
        'AWS4-HMAC-SHA256-TRAILER',
        signing.amzDate,
        scopeString(signing.scope),
        this.previousSignature,
        sha256Hex(canonical),
      ];
      checkSignature(signing, toSign.join('\n'), trailerSignature);
    }
    this.state = { at: 'done' };
  }

  private finish(): void {
    const declared = this.options.decodedContentLength;
    if (declared !== undefined && this.decodedLength !== declared) {
      throw new S3Error('IncompleteBody', 'You did not provide the number of bytes specified by the x-amz-decoded-content-length header');
    }
    if (!this.algorithm || !this.running) return;
    const given = this.trailers.get(`x-amz-checksum-${this.algorithm}`);
    if (given === undefined) throw new S3Error('InvalidRequest', `The x-amz-checksum-${this.algorithm} trailer was announced but not sent`);
    const value = this.running.digestBase64();
    if (given !== value) {
      throw new S3Error('BadDigest', `The ${this.algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    }
    this.checksum = { algorithm: this.algorithm, value };
  }
}

/** The expected signature of `toSign` when `given` matches it; SignatureDoesNotMatch otherwise. */
function checkSignature(signing: ChunkSigning, toSign: string, given: string | undefined): string {
  const expected = hmac(signing.signingKey, toSign).toString('hex');
  const a = Buffer.from(expected);
  const b = Buffer.from(given ?? '');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new S3Error('SignatureDoesNotMatch', 'The chunk signature does not match');
  return expected;
}

/** Decodes an aws-chunked body: the bytes, then (via the decoder) the verified checksum. */
export function decodeAwsChunked(source: AsyncIterable<Uint8Array | string>, options: AwsChunkedOptions): AsyncGenerator<Buffer> {
  return new AwsChunkedDecoder(options).decode(source);
}

/** The decoder options for a verified request, or undefined when its body is not aws-chunked. */
export function awsChunkedOptionsFor(auth: Pick<SigV4Result, 'payload'> & ChunkSigning, headers: Headers): AwsChunkedOptions | undefined {
  const mode = auth.payload.kind;
  if (mode !== 'streaming-signed' && mode !== 'streaming-signed-trailer' && mode !== 'streaming-unsigned-trailer') return undefined;
  const lower = lowerCaseHeaders(headers);
  const declared = headerValue(lower, 'x-amz-decoded-content-length');
  if (declared === undefined) throw new S3Error('MissingContentLength', 'You must provide the x-amz-decoded-content-length header.');
  if (!/^\d{1,15}$/.test(declared)) throw new S3Error('InvalidArgument', 'x-amz-decoded-content-length must be a number');
  const trailer = headerValue(lower, 'x-amz-trailer');
  return { mode, decodedContentLength: Number(declared), ...(trailer !== undefined ? { trailer } : {}), signing: auth };
}
