/**
 * Multipart uploads through the object service's multipart functions (objects/multipart.ts), with
 * the REST API's rule: the write level on the bucket, and an upload is touched only by the user who
 * started it or a bucket admin (a writer lists only its own uploads).
 */
import { levelOn, type BucketRow } from '../../buckets/levels.ts';
import { abortUpload, completeUpload, createUpload, listParts, listUploads, uploadPart } from '../../objects/multipart.ts';
import { findUpload } from '../../objects/multipart-rows.ts';
import { authorizedBucket, ownerOf } from '../authorize.ts';
import { readSmallBody, requestBody } from '../body.ts';
import { S3Error } from '../errors.ts';
import { headerOf, keyOf, type S3Exchange } from '../exchange.ts';
import { refuseUnimplementedHeaders, userMetadata } from '../object-headers.ts';
import { sendEmpty, sendXml } from '../respond.ts';
import { parseCompleteMultipartUpload } from '../xml-parse.ts';
import { completeMultipartUploadXml, initiateMultipartUploadXml, listMultipartUploadsXml, listPartsXml } from '../xml.ts';

const noSuchUpload = () => new S3Error('NoSuchUpload');

/** A whole number parameter from `min`, or undefined when absent; InvalidArgument when it is not one. */
function wholeNumber(exchange: S3Exchange, name: string, min = 0): number | undefined {
  const raw = exchange.query.get(name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) throw new S3Error('InvalidArgument', `${name} must be a whole number from ${min}`);
  return Number(raw);
}

const isAdmin = async (exchange: S3Exchange, bucket: BucketRow) => (await levelOn(exchange.service, ownerOf(exchange), bucket)) === 'admin';

/** The bucket of the request's upload (`uploadId`), which must be of the key addressed and the caller's to touch. */
async function uploadBucket(exchange: S3Exchange): Promise<{ bucket: BucketRow; uploadId: string }> {
  const key = keyOf(exchange);
  const uploadId = exchange.query.get('uploadId') ?? '';
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  const upload = await findUpload(exchange.service.db, bucket, uploadId);
  if (upload.key !== key) throw noSuchUpload();
  if (upload.initiatorId !== ownerOf(exchange) && !(await isAdmin(exchange, bucket))) throw new S3Error('AccessDenied');
  return { bucket, uploadId };
}

export async function createS3Upload(exchange: S3Exchange) {
  const key = keyOf(exchange);
  refuseUnimplementedHeaders(exchange);
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  const { uploadId } = await createUpload(exchange.service, bucket, {
    key,
    contentType: headerOf(exchange, 'content-type'),
    metadata: userMetadata(exchange),
    initiatorId: ownerOf(exchange),
    ...(exchange.caller.kind === 'key' ? { accessKeyId: exchange.caller.key.accessKeyId } : {}),
  });
  sendXml(exchange.res, initiateMultipartUploadXml(bucket.name, key, uploadId));
}

export async function uploadS3Part(exchange: S3Exchange) {
  const partNumber = wholeNumber(exchange, 'partNumber', 1) ?? 0;
  const { bucket, uploadId } = await uploadBucket(exchange);
  const body = requestBody(exchange, { digests: 'by-store' });
  if (body.declaredLength === undefined) throw new S3Error('MissingContentLength', 'You must provide the Content-Length HTTP header.');
  const part = await uploadPart(exchange.service, bucket, uploadId, partNumber, body.stream, {
    length: body.declaredLength,
    ...body.declaredDigests,
  });
  if (exchange.counted) exchange.counted.bytesIn = part.size;
  const checksum = body.checksum();
  sendEmpty(exchange.res, 200, {
    etag: `"${part.etag}"`,
    ...(checksum ? { [`x-amz-checksum-${checksum.algorithm}`]: checksum.value } : {}),
  });
}

export async function completeS3Upload(exchange: S3Exchange) {
  const key = keyOf(exchange);
  const { bucket, uploadId } = await uploadBucket(exchange);
  const listed = parseCompleteMultipartUpload(await readSmallBody(exchange, 2 * 1024 * 1024, { checksumHeaders: false }));
  const stored = await completeUpload(exchange.service, bucket, uploadId, listed);
  const location = `/${bucket.name}/${key}`;
  sendXml(exchange.res, completeMultipartUploadXml({ location, bucket: bucket.name, key, etag: `"${stored.etag}"` }));
}

export async function abortS3Upload(exchange: S3Exchange) {
  const { bucket, uploadId } = await uploadBucket(exchange);
  await abortUpload(exchange.service, bucket, uploadId);
  sendEmpty(exchange.res, 204);
}

export async function listS3Parts(exchange: S3Exchange) {
  const partNumberMarker = wholeNumber(exchange, 'part-number-marker') ?? 0;
  const maxParts = wholeNumber(exchange, 'max-parts') ?? 1000;
  const { bucket, uploadId } = await uploadBucket(exchange);
  const listed = await listParts(exchange.service, bucket, uploadId, { partNumberMarker, maxParts });
  const xml = listPartsXml({
    bucket: bucket.name,
    key: listed.upload.key,
    uploadId,
    owner: { id: listed.upload.initiatorId ?? '' },
    partNumberMarker,
    nextPartNumberMarker: listed.nextPartNumberMarker,
    maxParts,
    isTruncated: listed.isTruncated,
    parts: listed.parts.map((part) => ({ ...part, etag: `"${part.etag}"`, lastModified: new Date(part.lastModified) })),
  });
  sendXml(exchange.res, xml);
}

export async function listS3Uploads(exchange: S3Exchange) {
  if (exchange.query.get('delimiter'))
    throw new S3Error('NotImplemented', 'A delimiter in ListMultipartUploads is not implemented by this service');
  const prefix = exchange.query.get('prefix') ?? '';
  const maxUploads = wholeNumber(exchange, 'max-uploads') ?? 1000;
  const keyMarker = exchange.query.get('key-marker') || undefined;
  const uploadIdMarker = keyMarker === undefined ? undefined : exchange.query.get('upload-id-marker') || undefined;
  const bucket = await authorizedBucket(exchange, { level: 'write', scope: { kind: 'list', prefix } });
  const initiator = (await isAdmin(exchange, bucket)) ? {} : { initiatorId: ownerOf(exchange) };
  const listed = await listUploads(exchange.service, bucket, { prefix, keyMarker, uploadIdMarker, maxUploads, ...initiator });
  const xml = listMultipartUploadsXml({
    bucket: bucket.name,
    prefix,
    maxKeys: maxUploads,
    isTruncated: listed.isTruncated,
    commonPrefixes: [],
    keyMarker,
    uploadIdMarker,
    nextKeyMarker: listed.nextKeyMarker,
    nextUploadIdMarker: listed.nextUploadIdMarker,
    uploads: listed.uploads.map((upload) => ({
      key: upload.key,
      uploadId: upload.uploadId,
      initiated: new Date(upload.createdAt),
      owner: { id: upload.initiatorId ?? '' },
    })),
  });
  sendXml(exchange.res, xml);
}
