import { putObject } from '../../objects/put.ts';
import { findObject, type ObjectRow } from '../../objects/rows.ts';
import { authorizedBucket } from '../authorize.ts';
import { evaluateConditions } from '../conditional.ts';
import { S3Error } from '../errors.ts';
import { headerOf, keyOf, type S3Exchange } from '../exchange.ts';
import { refuseUnimplementedHeaders, userMetadata } from '../object-headers.ts';
import { parseCopySource } from '../request.ts';
import { sendXml } from '../respond.ts';
import { copyResultXml } from '../xml.ts';

function directiveOf(exchange: S3Exchange): 'COPY' | 'REPLACE' {
  const directive = headerOf(exchange, 'x-amz-metadata-directive')?.toUpperCase() ?? 'COPY';
  if (directive !== 'COPY' && directive !== 'REPLACE') throw new S3Error('InvalidArgument', 'Unknown metadata directive.');
  return directive;
}

/** x-amz-copy-source-if-*: any that does not hold fails the copy with 412, as S3 answers them. */
function checkSourceConditions(exchange: S3Exchange, source: ObjectRow): void {
  const header = (name: string) => headerOf(exchange, `x-amz-copy-source-if-${name}`);
  const conditions = {
    ifMatch: header('match'),
    ifNoneMatch: header('none-match'),
    ifModifiedSince: header('modified-since'),
    ifUnmodifiedSince: header('unmodified-since'),
  };
  const defined = Object.fromEntries(Object.entries(conditions).filter(([, value]) => value !== undefined));
  const outcome = evaluateConditions('GET', defined, { etag: `"${source.etag}"`, lastModified: source.updatedAt });
  if (outcome !== 'proceed') throw new S3Error('PreconditionFailed');
}

/**
 * CopyObject: the source needs the read level and s3:GetObject on its key, the destination the write
 * level and s3:PutObject; the bytes stream from the source's storage into a put like any other.
 * Metadata is copied, or replaced by the request's (x-amz-metadata-directive: REPLACE).
 */
export async function copyS3Object(exchange: S3Exchange) {
  const key = keyOf(exchange);
  refuseUnimplementedHeaders(exchange);
  const from = parseCopySource(headerOf(exchange, 'x-amz-copy-source') ?? '');
  if (from.versionId !== undefined && from.versionId !== 'null')
    throw new S3Error('NoSuchVersion', 'The specified version does not exist.');
  const directive = directiveOf(exchange);
  const sourceBucket = await authorizedBucket(exchange, {
    level: 'read',
    bucket: from.bucket,
    action: 's3:GetObject',
    scope: { kind: 'object', key: from.key },
  });
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  const source = await findObject(exchange.service.db, sourceBucket.id, from.key);
  if (!source) throw new S3Error('NoSuchKey');
  checkSourceConditions(exchange, source);
  if (sourceBucket.id === bucket.id && from.key === key && directive === 'COPY') {
    throw new S3Error(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    );
  }
  const replace = directive === 'REPLACE';
  const { stream } = await exchange.service.storage.read(source.storageKey);
  const copied = await putObject(exchange.service, bucket, {
    key,
    body: stream,
    folder: key.endsWith('/'),
    declaredLength: source.size,
    declaredType: replace ? headerOf(exchange, 'content-type') : source.contentType,
    metadata: replace ? userMetadata(exchange) : source.metadata,
  }).finally(() => stream.destroy());
  sendXml(exchange.res, copyResultXml(`"${copied.etag}"`, new Date(copied.updatedAt)));
}
