import {
  bucketAccessEndpoints,
  bucketEndpoints,
  groupGrantEndpoints,
  objectEndpoints,
  pathOf,
  userGrantEndpoints,
  type BucketCreate,
  type BucketGrant,
  type BucketLimitsInput,
  type BucketPolicy,
  type MenuNode,
  type SubjectType,
} from '@portal/contracts';
import { call } from '../../../api/call.ts';
import { pagePath } from '../../../components/admin/pagePaths.ts';

/** The search parameter naming the space a detail view shows (see Page.tsx). */
export const SPACE_PARAM = 'space';

/** The address of one space's view, on a tab. */
export const spacePath = (node: Pick<MenuNode, 'resource'>, bucketId: string, tab?: string): string =>
  `${pagePath(node)}?${new URLSearchParams({ [SPACE_PARAM]: bucketId, ...(tab ? { tab } : {}) }).toString()}`;

/** Query keys: everything about spaces sits under one root, so a change reloads every view of them. */
export const spaceKeys = {
  all: ['oss', 'buckets'] as const,
  list: ['oss', 'buckets', 'list'] as const,
  one: (bucketId: string) => ['oss', 'buckets', 'one', bucketId] as const,
  listing: (bucketId: string) => ['oss', 'buckets', 'one', bucketId, 'fs'] as const,
  grants: (bucketId: string, subject: SubjectType) => ['oss', 'buckets', 'one', bucketId, 'grants', subject] as const,
};

const grantEndpoints = { user: userGrantEndpoints, group: groupGrantEndpoints } as const;
const inBucket = (bucketId: string) => ({ params: { bucketId } });

export const spaceApi = {
  list: () => call(bucketEndpoints.list),
  get: (bucketId: string) => call(bucketEndpoints.get, inBucket(bucketId)),
  create: (body: BucketCreate) => call(bucketEndpoints.create, { body }),
  updateLimits: (bucketId: string, body: BucketLimitsInput) => call(bucketEndpoints.update, { ...inBucket(bucketId), body }),
  setPolicy: (bucketId: string, policy: BucketPolicy) => call(bucketAccessEndpoints.setPolicy, { ...inBucket(bucketId), body: { policy } }),
  setOwner: (bucketId: string, ownerId: string) => call(bucketEndpoints.setOwner, { ...inBucket(bucketId), body: { ownerId } }),
  remove: (bucketId: string) => call(bucketEndpoints.remove, inBucket(bucketId)),
  removeData: (bucketId: string, name: string) => call(bucketEndpoints.removeData, { ...inBucket(bucketId), body: { name } }),

  listing: (bucketId: string, query: { prefix: string; startAfter?: string | undefined; limit: number }) =>
    call(objectEndpoints.list, {
      ...inBucket(bucketId),
      query: {
        delimiter: '/',
        limit: query.limit,
        ...(query.prefix ? { prefix: query.prefix } : {}),
        ...(query.startAfter ? { startAfter: query.startAfter } : {}),
      },
    }),
  createFolder: (bucketId: string, key: string) => call(objectEndpoints.createFolder, { ...inBucket(bucketId), body: { key } }),
  rename: (bucketId: string, from: string, to: string) => call(objectEndpoints.rename, { ...inBucket(bucketId), body: { from, to } }),
  removeObject: (bucketId: string, key: string) => call(objectEndpoints.remove, { ...inBucket(bucketId), query: { key } }),

  grants: (bucketId: string, subject: SubjectType) => call(grantEndpoints[subject].get, inBucket(bucketId)),
  replaceGrants: (bucketId: string, subject: SubjectType, grants: BucketGrant[]) =>
    call(grantEndpoints[subject].replace, { ...inBucket(bucketId), body: { grants } }),
};

/** The address anyone may open for an object of a public-read space (no sign-in). */
export const publicLinkOf = (bucketId: string, key: string, origin: string): string =>
  `${origin}${pathOf(objectEndpoints.publicGet, { bucketId })}?key=${encodeURIComponent(key)}`;
