/**
 * Who may do what through the S3 API. A request signed by an access key acts as the key's owner: it
 * needs both the key's policy to allow the action and the owner's level on the bucket (read for
 * reads and listings, write for changes to objects, admin for deleting the bucket), as the REST API
 * checks it. Anonymous requests may only read objects of a public-read bucket.
 */
import type { AccessKeyAction, BucketLevel } from '@portal/contracts';
import { atLeast, levelOn, type BucketRow } from '../buckets/levels.ts';
import type { OssService } from '../context.ts';
import { ACTION_OF } from '../keys/actions.ts';
import { policyRefusal, type KeyScope } from '../keys/policy.ts';
import type { ObjectRow } from '../objects/rows.ts';
import { S3Error } from './errors.ts';
import { keyOf, type S3Exchange } from './exchange.ts';
import { bucketWithObject, bucketNamed as namedBucket } from './lookups.ts';

export const bucketNamed = (service: OssService, name: string): Promise<BucketRow | undefined> => namedBucket(service.db, name);

export interface Need {
  level: BucketLevel;
  /** Default: the target's bucket. */
  bucket?: string;
  /** Default: the operation's action. */
  action?: AccessKeyAction;
  /** Default: the target's key, or the whole bucket. */
  scope?: KeyScope;
}

const ANONYMOUS_READS = new Set(['GetObject', 'HeadObject']);

/** The key's policy allows the action (or AccessDenied); anonymous callers have no policy to pass. */
export function checkPolicy(exchange: S3Exchange, action: AccessKeyAction, bucket: string | undefined, scope: KeyScope): void {
  const { caller } = exchange;
  if (caller.kind !== 'key') throw new S3Error('AccessDenied');
  const refusal = policyRefusal(caller.key.policy, { action, bucket, scope, sourceIp: exchange.sourceIp, now: new Date() });
  if (refusal) throw new S3Error('AccessDenied', `Access Denied (the access key's policy refuses it: ${refusal})`);
}

/**
 * What `find` reads of the bucket named by the request, when the request may act on it as needed;
 * AccessDenied or NoSuchBucket otherwise (the key's policy is checked before anything is read).
 */
async function authorized<T extends { bucket: BucketRow }>(
  exchange: S3Exchange,
  need: Need,
  find: (name: string) => Promise<T | undefined>,
): Promise<T> {
  const { target, caller, service } = exchange;
  const name = need.bucket ?? target.bucket;
  if (name === undefined) throw new Error(`${target.operation} without a bucket`);
  if (caller.kind === 'anonymous') {
    if (!ANONYMOUS_READS.has(target.operation) || need.level !== 'read') throw new S3Error('AccessDenied');
    const found = await find(name);
    if (!found) throw new S3Error('NoSuchBucket');
    if (found.bucket.policy !== 'public-read') throw new S3Error('AccessDenied');
    return counting(exchange, found);
  }
  const scope = need.scope ?? (target.key !== undefined ? { kind: 'object' as const, key: target.key } : { kind: 'bucket' as const });
  checkPolicy(exchange, need.action ?? ACTION_OF[target.operation], name, scope);
  const found = await find(name);
  if (!found) throw new S3Error('NoSuchBucket');
  const level = await levelOn(service, caller.key.ownerId, found.bucket);
  if (!atLeast(level, need.level)) throw new S3Error('AccessDenied');
  return counting(exchange, found);
}

/** The bucket the request may act on as needed; AccessDenied or NoSuchBucket otherwise. */
export async function authorizedBucket(exchange: S3Exchange, need: Need): Promise<BucketRow> {
  const found = await authorized(exchange, need, async (name) => {
    const bucket = await bucketNamed(exchange.service, name);
    return bucket && { bucket };
  });
  return found.bucket;
}

/**
 * The target's bucket, authorized as `authorizedBucket` does, with its object under the target's key
 * (undefined when there is none), read together in one query.
 */
export function authorizedObject(exchange: S3Exchange, need: Need): Promise<{ bucket: BucketRow; object: ObjectRow | undefined }> {
  const key = keyOf(exchange);
  return authorized(exchange, need, (name) => bucketWithObject(exchange.service.db, name, key));
}

/** The bucket the request is counted on (the last one authorized: a copy's destination). */
function counting<T extends { bucket: BucketRow }>(exchange: S3Exchange, found: T): T {
  exchange.counted = { bucketId: found.bucket.id, bytesIn: 0, bytesOut: 0 };
  return found;
}

/** The key's owner (anonymous callers own nothing). */
export function ownerOf(exchange: S3Exchange): string {
  if (exchange.caller.kind !== 'key') throw new S3Error('AccessDenied');
  return exchange.caller.key.ownerId;
}
