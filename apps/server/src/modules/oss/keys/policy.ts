import { ACCESS_KEY_ACTIONS, ALL_ACTIONS, ALL_BUCKETS, type AccessKeyAction, type AccessKeyPolicy } from '@portal/contracts';
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

/** The actions the policy can ever allow: `s3:*` spelt out, without the bucket-wide changes its prefixes rule out. */
export function actionsOf(policy: AccessKeyPolicy): AccessKeyAction[] {
  const listed = policy.actions.includes(ALL_ACTIONS) ? [...ACCESS_KEY_ACTIONS] : (policy.actions as AccessKeyAction[]);
  return policy.prefixes.length === 0 ? listed : listed.filter((action) => !WHOLE_BUCKET_CHANGES.includes(action));
}

/**
 * Whether `next` surely allows no request that `previous` refuses: the same or fewer buckets, actions,
 * prefixes (or prefixes within the old ones), sources and time. False when unsure (a CIDR range
 * inside an old one is not worked out): such a change is checked as a widening.
 */
export function allowsNoMoreThan(next: AccessKeyPolicy, previous: AccessKeyPolicy): boolean {
  const within = (wider: readonly string[], narrower: readonly string[], all: string) =>
    wider.includes(all) || (!narrower.includes(all) && narrower.every((item) => wider.includes(item)));
  const nextActions = actionsOf(next);
  const previousActions = actionsOf(previous);
  const prefixes =
    previous.prefixes.length === 0 ||
    (next.prefixes.length > 0 && next.prefixes.every((prefix) => previous.prefixes.some((old) => prefix.startsWith(old))));
  const sources =
    previous.sourceCidrs.length === 0 ||
    (next.sourceCidrs.length > 0 && next.sourceCidrs.every((source) => previous.sourceCidrs.includes(source)));
  const expiry = previous.expiresAt === null || (next.expiresAt !== null && Date.parse(next.expiresAt) <= Date.parse(previous.expiresAt));
  return (
    within(previous.buckets, next.buckets, ALL_BUCKETS) &&
    nextActions.every((action) => previousActions.includes(action)) &&
    prefixes &&
    sources &&
    expiry
  );
}

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
