import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../paging.ts';

/**
 * What an S3 access key may do, in S3's own action names (IAM's), so a policy reads as S3 users
 * know it. A key never reaches further than its owner: the owner's level on the bucket is checked too.
 */
export const ACCESS_KEY_ACTIONS = [
  's3:ListAllMyBuckets',
  's3:CreateBucket',
  's3:DeleteBucket',
  's3:ListBucket',
  's3:ListBucketVersions',
  's3:ListBucketMultipartUploads',
  's3:GetBucketLocation',
  's3:GetBucketVersioning',
  's3:GetObject',
  's3:PutObject',
  's3:DeleteObject',
  's3:AbortMultipartUpload',
  's3:ListMultipartUploadParts',
] as const;
export type AccessKeyAction = (typeof ACCESS_KEY_ACTIONS)[number];
/** Every action. */
export const ALL_ACTIONS = 's3:*';
/** Every bucket. */
export const ALL_BUCKETS = '*';

export const ACCESS_KEY_LIMITS = { buckets: 100, prefixes: 100, prefix: 1024, sources: 50 } as const;

export const AccessKeyPolicy = Type.Object({
  /** Bucket names, or `*` for every bucket the owner reaches. */
  buckets: Type.Array(Type.String({ minLength: 1, maxLength: 63 }), { minItems: 1, maxItems: ACCESS_KEY_LIMITS.buckets }),
  /** Key prefixes within those buckets; empty: the whole bucket. */
  prefixes: Type.Array(Type.String({ minLength: 1, maxLength: ACCESS_KEY_LIMITS.prefix }), { maxItems: ACCESS_KEY_LIMITS.prefixes }),
  actions: Type.Array(Type.Union([Type.Literal(ALL_ACTIONS), Type.Enum(ACCESS_KEY_ACTIONS)]), {
    minItems: 1,
    maxItems: ACCESS_KEY_ACTIONS.length + 1,
  }),
  /** After this instant the key signs nothing. */
  expiresAt: Nullable(Timestamp),
  /** Source addresses or CIDR ranges (IPv4 or IPv6) requests may come from; empty: anywhere. */
  sourceCidrs: Type.Array(Type.String({ minLength: 2, maxLength: 49 }), { maxItems: ACCESS_KEY_LIMITS.sources }),
});
export type AccessKeyPolicy = Static<typeof AccessKeyPolicy>;
