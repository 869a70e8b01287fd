import { MULTIPART_LIST_MAX, type MultipartUpload } from '@portal/contracts';
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ossMultipartParts as parts, ossMultipartUploads as uploads } from '../tables.ts';
import { checkKey } from './keys.ts';
import { findUpload, toUpload } from './multipart-rows.ts';
import { startingWith } from './rows.ts';

/** At most `max` rows of those read (one more than a page), and whether more followed. */
const pageOf = <T>(rows: T[], max: number) => ({ page: rows.slice(0, max), isTruncated: rows.length > max });

/** The parts an upload holds, by number, after `partNumberMarker`, a page at a time (S3's ListParts). */
export async function listParts(
  service: OssService,
  bucket: BucketRow,
  uploadId: string,
  { partNumberMarker = 0, maxParts = MULTIPART_LIST_MAX }: { partNumberMarker?: number; maxParts?: number },
) {
  const upload = await findUpload(service.db, bucket, uploadId);
  const max = Math.min(Math.max(1, maxParts), MULTIPART_LIST_MAX);
  const rows = await service.db
    .select()
    .from(parts)
    .where(and(eq(parts.uploadId, upload.id), gt(parts.partNumber, partNumberMarker)))
    .orderBy(asc(parts.partNumber))
    .limit(max + 1);
  const { page, isTruncated } = pageOf(rows, max);
  return {
    upload: toUpload(upload),
    parts: page.map((part) => ({
      partNumber: part.partNumber,
      etag: part.etag,
      size: part.size,
      lastModified: part.createdAt.toISOString(),
    })),
    isTruncated,
    ...(isTruncated ? { nextPartNumberMarker: page.at(-1)?.partNumber } : {}),
  };
}

export interface UploadsPage {
  prefix?: string;
  keyMarker?: string;
  uploadIdMarker?: string;
  maxUploads?: number;
  /** Only the uploads this user started (a caller who may not see the others'). */
  initiatorId?: string;
}

const byteKey = sql`${uploads.key} collate "C"`;

/**
 * The bucket's uploads in progress under a prefix, by key (bytes, as S3 orders them) then upload id,
 * a page at a time: after `keyMarker`, or after `uploadIdMarker` within that key (S3's ListMultipartUploads).
 */
export async function listUploads(
  service: OssService,
  bucket: BucketRow,
  { prefix = '', keyMarker, uploadIdMarker, maxUploads = MULTIPART_LIST_MAX, initiatorId }: UploadsPage,
): Promise<{ uploads: MultipartUpload[]; isTruncated: boolean; nextKeyMarker?: string; nextUploadIdMarker?: string }> {
  checkKey(prefix, 'prefix', 'prefix');
  const max = Math.min(Math.max(1, maxUploads), MULTIPART_LIST_MAX);
  const conditions: (SQL | undefined)[] = [eq(uploads.bucketId, bucket.id)];
  if (prefix) conditions.push(sql`${byteKey} like ${startingWith(prefix)}`);
  if (initiatorId) conditions.push(eq(uploads.initiatorId, initiatorId));
  if (keyMarker !== undefined && uploadIdMarker !== undefined) {
    conditions.push(sql`(${byteKey} > ${keyMarker} or (${byteKey} = ${keyMarker} and ${uploads.id}::text > ${uploadIdMarker}))`);
  } else if (keyMarker !== undefined) conditions.push(sql`${byteKey} > ${keyMarker}`);
  const rows = await service.db
    .select()
    .from(uploads)
    .where(and(...conditions))
    .orderBy(byteKey, asc(uploads.id))
    .limit(max + 1);
  const { page, isTruncated } = pageOf(rows, max);
  const last = page.at(-1);
  return {
    uploads: page.map(toUpload),
    isTruncated,
    ...(isTruncated && last ? { nextKeyMarker: last.key, nextUploadIdMarker: last.id } : {}),
  };
}
