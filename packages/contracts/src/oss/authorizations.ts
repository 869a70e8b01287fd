import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { AccessKeyPolicy } from './key-policy.ts';
import { OSS_PREFIX } from './prefix.ts';

/** The most access keys one user holds. */
export const ACCESS_KEYS_PER_OWNER = 100;
/** `PK` and 18 base32 characters (keys/directory.ts makes them). */
export const ACCESS_KEY_ID_PATTERN = '^PK[A-Z2-7]{18}$';

const KeyName = Nullable(Type.String({ maxLength: 100 }));

/** An access key as every answer shows it: never its secret. */
export const AccessKeyView = Type.Object({
  accessKeyId: Type.String(),
  name: Nullable(Type.String()),
  ownerId: Type.String(),
  ownerName: Nullable(Type.String()),
  policy: AccessKeyPolicy,
  enabled: Type.Boolean(),
  lastUsedAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AccessKeyView = Static<typeof AccessKeyView>;

/** The answer of a creation or a rotation: the only ones that hold the secret, shown this once. */
export const AccessKeyWithSecret = Type.Object({ ...AccessKeyView.properties, secretAccessKey: Type.String() });
export type AccessKeyWithSecret = Static<typeof AccessKeyWithSecret>;

export const AccessKeyCreate = Type.Object({ name: Type.Optional(KeyName), policy: AccessKeyPolicy });
export type AccessKeyCreate = Static<typeof AccessKeyCreate>;
/** An administrator's creation: for any user they may administer. */
export const AccessKeyCreateFor = Type.Object({ ...AccessKeyCreate.properties, ownerId: Type.String({ format: 'uuid' }) });
export type AccessKeyCreateFor = Static<typeof AccessKeyCreateFor>;

export const AccessKeyUpdate = Type.Object(
  { name: Type.Optional(KeyName), policy: Type.Optional(AccessKeyPolicy), enabled: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type AccessKeyUpdate = Static<typeof AccessKeyUpdate>;

export const AccessKeyParams = Type.Object({ accessKeyId: Type.String({ pattern: ACCESS_KEY_ID_PATTERN }) });
export const AccessKeyListQuery = Type.Object({ ...PageQuery.properties, ownerId: Type.Optional(Type.String({ format: 'uuid' })) });
export type AccessKeyListQuery = Static<typeof AccessKeyListQuery>;

const tags = ['oss access keys'];

/** The calls on one key and the creation, the same for the owner (v1) and an administrator (v2). */
const keyCalls = <const A extends { access: 'signedIn' | 'gated' }, const C extends typeof AccessKeyCreate | typeof AccessKeyCreateFor>(
  path: string,
  access: A,
  createBody: C,
  whose: string,
) => {
  const one = { ...access, tags, params: AccessKeyParams } as const;
  return {
    get: endpoint({
      ...one,
      method: 'GET',
      path: `${path}/{accessKeyId}`,
      summary: `One of ${whose} access keys (never its secret)`,
      responses: { 200: AccessKeyView, ...errorResponses(403, 404) },
    }),
    create: endpoint({
      ...access,
      tags,
      method: 'POST',
      path,
      summary: `Makes an access key for ${whose === 'your' ? 'the caller' : 'a user'}: the answer holds its secret, shown this once`,
      body: createBody,
      responses: { 200: AccessKeyWithSecret, ...errorResponses(400, 403, 404, 409) },
    }),
    update: endpoint({
      ...one,
      method: 'PATCH',
      path: `${path}/{accessKeyId}`,
      summary: `Renames, re-scopes, enables or disables one of ${whose} access keys`,
      body: AccessKeyUpdate,
      responses: { 200: AccessKeyView, ...errorResponses(400, 403, 404, 409) },
    }),
    rotate: endpoint({
      ...one,
      method: 'POST',
      path: `${path}/{accessKeyId}/secret`,
      summary: `Gives one of ${whose} access keys a new secret (the old one stops signing), shown this once`,
      responses: { 200: AccessKeyWithSecret, ...errorResponses(403, 404, 409) },
    }),
    remove: endpoint({
      ...one,
      method: 'DELETE',
      path: `${path}/{accessKeyId}`,
      summary: `Deletes one of ${whose} access keys`,
      responses: { 200: Ok, ...errorResponses(403, 404) },
    }),
  };
};

const ownPath = `${OSS_PREFIX}/v1/authorizations`;
const everyPath = `${OSS_PREFIX}/v2/authorizations`;

/** v1: a signed-in user's own S3 access keys. A key acts as its owner: it never reaches further than they do. */
export const ownKeyEndpoints = {
  list: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: ownPath,
    summary: "The caller's access keys, newest first",
    responses: { 200: Type.Array(AccessKeyView) },
  }),
  ...keyCalls(ownPath, { access: 'signedIn' }, AccessKeyCreate, 'your'),
};

/**
 * v2: every user's access keys (page OSS > authorizationPolicy). Any change of a user's key is refused
 * (403) unless the administrator holds everything that user holds; one that hands out what the key
 * opens (a creation, a new secret, enabling it again, a wider policy) also unless they hold, on every
 * bucket the policy names, the level its actions need (with `*`: on every bucket, by the catalogue
 * points; s3:CreateBucket: the create point). A change racing another on the same key answers 409.
 */
export const everyKeyEndpoints = {
  list: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: everyPath,
    summary: "Every user's access keys, newest first, by page; `ownerId` narrows to one user, `keyword` searches names and key ids",
    query: AccessKeyListQuery,
    responses: { 200: Page(AccessKeyView), ...errorResponses(400) },
  }),
  ...keyCalls(everyPath, { access: 'gated' }, AccessKeyCreateFor, "a user's"),
};
