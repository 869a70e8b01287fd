import { ALL_ACTIONS, ALL_BUCKETS, type AccessKeyAction, type AccessKeyPolicy } from '@portal/contracts';
import { fromAllowedSource } from './sources.ts';

/** What a request touches in a bucket: one object, a listing under a prefix, or the bucket as a whole. */
export type KeyScope = { kind: 'object'; key: string } | { kind: 'list'; prefix: string } | { kind: 'bucket' };

export interface KeyRequest {
  action: AccessKeyAction;
  /** Absent for ListAllMyBuckets. */
  bucket?: string;
  scope: KeyScope;
  sourceIp: string;
  now: Date;
}

export type PolicyRefusal = 'expired' | 'source' | 'action' | 'bucket' | 'prefix';

/** Bucket-wide changes a key limited to prefixes may not make. */
const WHOLE_BUCKET_CHANGES: readonly AccessKeyAction[] = ['s3:CreateBucket', 's3:DeleteBucket'];

export const reachesBucket = (policy: AccessKeyPolicy, bucket: string) =>
  policy.buckets.includes(ALL_BUCKETS) || policy.buckets.includes(bucket);

function withinPrefixes(policy: AccessKeyPolicy, action: AccessKeyAction, scope: KeyScope): boolean {
  if (policy.prefixes.length === 0) return true;
  if (scope.kind === 'bucket') return !WHOLE_BUCKET_CHANGES.includes(action);
  const name = scope.kind === 'object' ? scope.key : scope.prefix;
  return policy.prefixes.some((prefix) => name.startsWith(prefix));
}

/** Why the key's policy refuses the request, or undefined when it allows it. */
export function policyRefusal(policy: AccessKeyPolicy, request: KeyRequest): PolicyRefusal | undefined {
  if (policy.expiresAt !== null && request.now.getTime() >= Date.parse(policy.expiresAt)) return 'expired';
  if (policy.sourceCidrs.length > 0 && !fromAllowedSource(request.sourceIp, policy.sourceCidrs)) return 'source';
  if (!policy.actions.includes(ALL_ACTIONS) && !policy.actions.includes(request.action)) return 'action';
  if (request.bucket !== undefined && !reachesBucket(policy, request.bucket)) return 'bucket';
  if (!withinPrefixes(policy, request.action, request.scope)) return 'prefix';
  return undefined;
}
