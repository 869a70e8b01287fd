import { badRequest } from '../../../platform/errors.ts';
import type { StreamDigest } from '../../../platform/storage/storage.ts';

/** What a client declared about the bytes it sends, each checked when given. */
export interface Declared {
  length?: number;
  /** Content-MD5: base64 of the MD5. */
  md5?: string | undefined;
  /** x-amz-checksum-sha256: base64 of the SHA-256. */
  sha256?: string | undefined;
  /** x-amz-content-sha256 of a signed S3 request: hex of the SHA-256. */
  payloadSha256?: string | undefined;
}

const base64Of = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/** Refuses bytes that are not what the client declared (S3's error code in `s3Code`): nothing is stored then. */
export function verifyDeclared(declared: Declared, digest: StreamDigest): void {
  if (declared.length !== undefined && digest.size !== declared.length) {
    throw badRequest(`The body has ${digest.size} bytes, not the ${declared.length} declared`, {
      field: 'content-length',
      s3Code: 'IncompleteBody',
    });
  }
  if (declared.md5 !== undefined && base64Of(digest.md5) !== declared.md5) {
    throw badRequest('The body does not match its Content-MD5', { field: 'content-md5', s3Code: 'BadDigest' });
  }
  if (declared.sha256 !== undefined && base64Of(digest.sha256) !== declared.sha256) {
    throw badRequest('The body does not match its x-amz-checksum-sha256', { field: 'x-amz-checksum-sha256', s3Code: 'BadDigest' });
  }
  if (declared.payloadSha256 !== undefined && digest.sha256 !== declared.payloadSha256) {
    throw badRequest("The provided 'x-amz-content-sha256' header does not match what was computed.", {
      field: 'x-amz-content-sha256',
      s3Code: 'XAmzContentSHA256Mismatch',
    });
  }
}
