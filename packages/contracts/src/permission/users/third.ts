import { Type } from 'typebox';
import { ThirdPartyBinding } from '../../account.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { IdentityProviderId } from '../../identity-provider-id.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users`;
const tags = ['users'];

/** A subject at a provider (OpenID Connect `sub`: at most 255 ASCII characters). */
const OpenId = Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' });

export const UserThirdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const OwnThirdParams = Type.Object({ type: IdentityProviderId });
/** The caller's mfa_token of purpose "third": needed when the caller has an authenticator app. */
export const OwnThirdQuery = Type.Object({ mfa_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) });
export const UserOpenIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }), openId: OpenId });
export const LinkThirdBody = Type.Object(
  {
    type: IdentityProviderId,
    email: Type.Optional(Type.String({ maxLength: 254 })),
    nickname: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export const UnlinkThirdQuery = Type.Object({ type: Type.Optional(IdentityProviderId) });

const refusals = errorResponses(400, 401, 403, 404, 409);

/**
 * Accounts at external identity providers linked to users (the `third` settings). Nobody removes a
 * user's last way to sign in: a link goes only while a password or another link remains (409).
 */
export const thirdBindingEndpoints = {
  ofUser: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: `${path}/third/{id}`,
    summary: "A user's linked accounts at identity providers",
    params: UserThirdParams,
    responses: { 200: Type.Array(ThirdPartyBinding), ...errorResponses(403, 404) },
  }),
  unlinkOwn: endpoint({
    access: 'signedIn',
    tags,
    method: 'DELETE',
    path: `${path}/third/{type}`,
    summary: 'Unlinks the caller’s account at a provider (mfa_token of purpose "third" when the caller has an authenticator app)',
    params: OwnThirdParams,
    query: OwnThirdQuery,
    responses: { 200: Ok, ...refusals },
  }),
  link: endpoint({
    access: 'gated',
    tags,
    method: 'POST',
    path: `${path}/{userId}/third/{openId}`,
    summary: 'Links an account at a provider (its subject) to a user; the user must hold nothing the caller does not',
    params: UserOpenIdParams,
    body: LinkThirdBody,
    responses: { 200: ThirdPartyBinding, ...refusals },
  }),
  unlink: endpoint({
    access: 'gated',
    tags,
    method: 'DELETE',
    path: `${path}/{userId}/third/{openId}`,
    summary: "Unlinks a user's account at a provider (`type` narrows it to one provider); the user must hold nothing the caller does not",
    params: UserOpenIdParams,
    query: UnlinkThirdQuery,
    responses: { 200: Ok, ...refusals },
  }),
};
