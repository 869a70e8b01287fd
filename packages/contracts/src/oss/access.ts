import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { BUCKET_LEVELS, BUCKET_POLICIES, BucketParams } from './buckets.ts';
import { OSS_PREFIX } from './prefix.ts';

export const BucketPolicyBody = Type.Object({ policy: Type.Enum(BUCKET_POLICIES) });
export type BucketPolicyBody = Static<typeof BucketPolicyBody>;

/** One grant on a bucket: a user or a group, and its level. */
export const BucketGrant = Type.Object({ subjectId: Type.String({ format: 'uuid' }), level: Type.Enum(BUCKET_LEVELS) });
export type BucketGrant = Static<typeof BucketGrant>;
export const BucketGrantView = Type.Object({ ...BucketGrant.properties, name: Type.String() });
export type BucketGrantView = Static<typeof BucketGrantView>;
export const BucketGrants = Type.Object({ grants: Type.Array(BucketGrant, { maxItems: 500 }) });
export const SUBJECT_TYPES = ['user', 'group'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

const tags = ['oss bucket access'];
const path = `${OSS_PREFIX}/v1/buckets/{bucketId}`;
const admin = { access: 'signedIn', tags, params: BucketParams } as const;

const grantEndpoints = (subject: SubjectType, plural: string) => ({
  get: endpoint({
    ...admin,
    method: 'GET',
    path: `${path}/permissions/${plural}`,
    summary: `The ${subject}s granted a level on the bucket (admin level)`,
    responses: { 200: Type.Array(BucketGrantView), ...errorResponses(403, 404) },
  }),
  replace: endpoint({
    ...admin,
    method: 'PUT',
    path: `${path}/permissions/${plural}`,
    summary: `Replaces the ${subject}s' grants on the bucket (admin level); an unknown ${subject} answers 400 naming it`,
    body: BucketGrants,
    responses: { 200: Type.Array(BucketGrantView), ...errorResponses(400, 403, 404) },
  }),
});

/** A bucket's policy (private or public-read) and its user and group grants: all at admin level. */
export const bucketAccessEndpoints = {
  policy: endpoint({
    ...admin,
    method: 'GET',
    path: `${path}/policy`,
    summary: "The bucket's policy: private, or public-read (anyone may download without signing in)",
    responses: { 200: BucketPolicyBody, ...errorResponses(403, 404) },
  }),
  setPolicy: endpoint({
    ...admin,
    method: 'PUT',
    path: `${path}/policy`,
    summary: "Sets the bucket's policy (admin level)",
    body: BucketPolicyBody,
    responses: { 200: BucketPolicyBody, ...errorResponses(400, 403, 404) },
  }),
};
export const userGrantEndpoints = grantEndpoints('user', 'users');
export const groupGrantEndpoints = grantEndpoints('group', 'groups');
