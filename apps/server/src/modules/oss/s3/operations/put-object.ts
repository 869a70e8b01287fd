import { putObject } from '../../objects/put.ts';
import { authorizedBucket } from '../authorize.ts';
import { requestBody } from '../body.ts';
import { S3Error } from '../errors.ts';
import { headerOf, keyOf, type S3Exchange } from '../exchange.ts';
import { refuseUnimplementedHeaders, userMetadata } from '../object-headers.ts';
import { sendEmpty } from '../respond.ts';

/**
 * PutObject: the body streams into the object service's put (the bucket's limits, the key rules of
 * both APIs, no partial writes), verified on the way against every checksum the client sent.
 */
export async function putS3Object(exchange: S3Exchange) {
  const key = keyOf(exchange);
  refuseUnimplementedHeaders(exchange);
  const bucket = await authorizedBucket(exchange, { level: 'write' });
  const metadata = userMetadata(exchange);
  const body = requestBody(exchange, { digests: 'by-store' });
  if (body.declaredLength === undefined) throw new S3Error('MissingContentLength', 'You must provide the Content-Length HTTP header.');
  const stored = await putObject(exchange.service, bucket, {
    key,
    body: body.stream,
    folder: key.endsWith('/'),
    declaredLength: body.declaredLength,
    declaredMd5: body.declaredDigests.md5,
    payloadSha256: body.declaredDigests.payloadSha256,
    declaredType: headerOf(exchange, 'content-type'),
    metadata,
  });
  if (exchange.counted) exchange.counted.bytesIn = stored.size;
  const checksum = body.checksum();
  sendEmpty(exchange.res, 200, {
    etag: `"${stored.etag}"`,
    ...(checksum ? { [`x-amz-checksum-${checksum.algorithm}`]: checksum.value } : {}),
  });
}
