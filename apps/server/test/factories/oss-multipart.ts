import { createHash } from 'node:crypto';
import type { OssCaller } from './oss.ts';

export const MiB = 1024 * 1024;

const uploadsUrl = (bucketId: string) => `/v1/buckets/${bucketId}/uploads`;
export const uploadUrl = (bucketId: string, uploadId: string) => `${uploadsUrl(bucketId)}/${uploadId}`;

/** Starts a multipart upload; answers the response (its body `{ uploadId, key }`). */
export const startUpload = (as: OssCaller, bucketId: string, key: string, contentType?: string) =>
  as({ method: 'POST', url: uploadsUrl(bucketId), payload: { key, ...(contentType ? { contentType } : {}) } });

/** Starts an upload that must start: its id. */
export async function uploadIdOf(as: OssCaller, bucketId: string, key: string): Promise<string> {
  const started = await startUpload(as, bucketId, key);
  if (started.statusCode !== 200) throw new Error(`upload to ${key} not started: ${started.body}`);
  return (started.json() as { uploadId: string }).uploadId;
}

export const putPart = (
  as: OssCaller,
  bucketId: string,
  uploadId: string,
  partNumber: number,
  bytes: Buffer | string,
  headers: Record<string, string> = {},
) =>
  as({
    method: 'PUT',
    url: `${uploadUrl(bucketId, uploadId)}/parts/${partNumber}`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });

export const completeParts = (as: OssCaller, bucketId: string, uploadId: string, parts: { partNumber: number; etag: string }[]) =>
  as({ method: 'POST', url: `${uploadUrl(bucketId, uploadId)}/complete`, payload: { parts } });

export const abortUpload = (as: OssCaller, bucketId: string, uploadId: string) =>
  as({ method: 'DELETE', url: uploadUrl(bucketId, uploadId) });

export const listPartsOf = (as: OssCaller, bucketId: string, uploadId: string, query = '') =>
  as({ method: 'GET', url: `${uploadUrl(bucketId, uploadId)}/parts${query ? `?${query}` : ''}` });

export const listUploadsOf = (as: OssCaller, bucketId: string, query = '') =>
  as({ method: 'GET', url: `${uploadsUrl(bucketId)}${query ? `?${query}` : ''}` });

/** Stores every part (numbered from 1) and answers the list that completes the upload with them. */
export async function putParts(as: OssCaller, bucketId: string, uploadId: string, parts: Buffer[]) {
  const listed: { partNumber: number; etag: string }[] = [];
  for (const [index, bytes] of parts.entries()) {
    const stored = await putPart(as, bucketId, uploadId, index + 1, bytes);
    if (stored.statusCode !== 200) throw new Error(`part ${index + 1} not stored: ${stored.body}`);
    listed.push({ partNumber: index + 1, etag: (stored.json() as { etag: string }).etag });
  }
  return listed;
}

export const md5Hex = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');
export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** S3's etag of an object made of these parts: the MD5 of their binary MD5s, '-', their count (computed here independently of the server). */
export const multipartEtagOf = (parts: Buffer[]) =>
  `${createHash('md5')
    .update(Buffer.concat(parts.map((part) => createHash('md5').update(part).digest())))
    .digest('hex')}-${parts.length}`;
