/** Operations on buckets as a whole: list, create, delete, head, location, versioning. */
import { BUCKET_NAME_PATTERN } from '@portal/contracts';
import { AppError } from '../../../../platform/errors.ts';
import { CREATE_BUCKETS_POINT } from '../../keys/actions.ts';
import { reachesBucket } from '../../keys/policy.ts';
import { createBucket, deleteBucket, listBuckets } from '../../buckets/service.ts';
import { authorizedBucket, bucketNamed, checkPolicy, ownerOf } from '../authorize.ts';
import { readSmallBody } from '../body.ts';
import { S3Error } from '../errors.ts';
import { auditActorOf, headerOf, type S3Exchange } from '../exchange.ts';
import { sendEmpty, sendXml } from '../respond.ts';
import { parseCreateBucketConfiguration } from '../xml-parse.ts';
import { listAllMyBucketsXml, locationConstraintXml, versioningXml } from '../xml.ts';

/** The region this service answers as: S3's default, whose location constraint is empty. */
export const REGION = 'us-east-1';
const NAME = new RegExp(BUCKET_NAME_PATTERN);

/** The buckets the key's owner reaches (read level or more) and its policy names. */
export async function listAllBuckets(exchange: S3Exchange) {
  const ownerId = ownerOf(exchange);
  checkPolicy(exchange, 's3:ListAllMyBuckets', undefined, { kind: 'bucket' });
  const policy = exchange.caller.kind === 'key' ? exchange.caller.key.policy : undefined;
  const reached = (await listBuckets(exchange.service, ownerId)).filter((bucket) => policy && reachesBucket(policy, bucket.name));
  const entries = reached.map((bucket) => ({ name: bucket.name, creationDate: new Date(bucket.createdAt) }));
  sendXml(exchange.res, listAllMyBucketsXml({ id: ownerId }, entries));
}

function checkBucketName(name: string): void {
  if (!NAME.test(name) || name.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(name)) {
    throw new S3Error('InvalidBucketName', 'The specified bucket is not valid.');
  }
}

/** x-amz-acl as the bucket policies this service has: private or public-read. */
function policyOfAcl(acl: string | undefined): 'private' | 'public-read' {
  if (acl === undefined || acl === 'private') return 'private';
  if (acl === 'public-read') return 'public-read';
  throw new S3Error('NotImplemented', `The canned ACL "${acl}" is not implemented by this service`);
}

/** A bucket owned by the key's owner, who needs what the REST API's creation needs (its catalogue point). */
export async function createS3Bucket(exchange: S3Exchange) {
  const name = exchange.target.bucket ?? '';
  const ownerId = ownerOf(exchange);
  checkPolicy(exchange, 's3:CreateBucket', name, { kind: 'bucket' });
  checkBucketName(name);
  const policy = policyOfAcl(headerOf(exchange, 'x-amz-acl'));
  parseCreateBucketConfiguration(await readSmallBody(exchange, 64 * 1024));
  if (!(await exchange.service.holdsResource(ownerId, CREATE_BUCKETS_POINT))) throw new S3Error('AccessDenied');
  try {
    await createBucket(exchange.service, auditActorOf(exchange), ownerId, { name, policy });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    const existing = await bucketNamed(exchange.service, name);
    throw new S3Error(existing?.ownerId === ownerId ? 'BucketAlreadyOwnedByYou' : 'BucketAlreadyExists');
  }
  sendEmpty(exchange.res, 200, { location: `/${name}` });
}

export async function deleteS3Bucket(exchange: S3Exchange) {
  const bucket = await authorizedBucket(exchange, { level: 'admin' });
  try {
    await deleteBucket(exchange.service, auditActorOf(exchange), bucket);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new S3Error('BucketNotEmpty');
    throw error;
  }
  sendEmpty(exchange.res, 204);
}

export async function headBucket(exchange: S3Exchange) {
  await authorizedBucket(exchange, { level: 'read' });
  sendEmpty(exchange.res, 200, { 'x-amz-bucket-region': REGION });
}

export async function getBucketLocation(exchange: S3Exchange) {
  await authorizedBucket(exchange, { level: 'read' });
  sendXml(exchange.res, locationConstraintXml(REGION));
}

export async function getBucketVersioning(exchange: S3Exchange) {
  await authorizedBucket(exchange, { level: 'read' });
  sendXml(exchange.res, versioningXml());
}
