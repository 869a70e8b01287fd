import type { Readable } from 'node:stream';
import type { StoredObject } from '@portal/contracts';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { admit, SINGLE_UPLOAD, storeWithin } from './admission.ts';
import { verifyDeclared } from './declared.ts';
import { checkKey } from './keys.ts';
import { recordObject, sniffedType } from './record.ts';
import { newStorageKey } from './stored-bytes.ts';

/** An object to store: its bytes as a stream, with what the client declared about them (each verified when given). */
export interface PutInput {
  key: string;
  body: Readable;
  folder?: boolean;
  declaredLength?: number;
  /** Content-MD5: base64 of the MD5. */
  declaredMd5?: string | undefined;
  /** x-amz-checksum-sha256: base64 of the SHA-256. */
  declaredSha256?: string;
  /** A signed x-amz-content-sha256: hex of the SHA-256. */
  payloadSha256?: string | undefined;
  declaredType?: string;
  metadata?: Record<string, string>;
}

/**
 * Stores an object: streams the bytes to a new storage file (bounded by the bucket's limits, digests
 * computed on the way), verifies what was declared, then records the row (record.ts). Whatever fails,
 * the new file goes and nothing changes.
 */
export async function putObject(service: OssService, bucket: BucketRow, input: PutInput): Promise<StoredObject> {
  const key = checkKey(input.key, input.folder ? 'folder' : 'file', 'key');
  const allowed = await admit(service.db, bucket, key, SINGLE_UPLOAD, input.declaredLength);
  const storageKey = newStorageKey(bucket.id);
  const declared = {
    length: input.declaredLength,
    md5: input.declaredMd5,
    sha256: input.declaredSha256,
    payloadSha256: input.payloadSha256,
  };
  const digest = await storeWithin(service, storageKey, input.body, allowed, (found) => verifyDeclared(declared, found));
  const contentType = input.folder ? 'application/x-directory' : await sniffedType(service, storageKey, digest.head, input.declaredType);
  const written = {
    key,
    storageKey,
    size: digest.size,
    etag: digest.md5,
    sha256: digest.sha256,
    contentType,
    metadata: input.metadata ?? {},
  };
  return recordObject(service, bucket, written, SINGLE_UPLOAD);
}
