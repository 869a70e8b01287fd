import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { IdentityProviderId } from '../identity-provider-id.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';
import { SystemIdParams } from './settings.ts';

/**
 * The `third` settings (spec §3 "third-party"): external OpenID Connect identity providers whose
 * buttons the sign-in page shows, and how an identity they vouch for becomes a portal account.
 * A provider's client secret is sealed at rest and never answered: only whether one is set.
 */

export { IdentityProviderId };

/** An OAuth scope token (RFC 6749 §3.3). `openid` is always asked for, listed or not. */
const Scope = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' });

const closed = { additionalProperties: false } as const;

export const IdentityProviderInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S', description: "The button's label" }),
    icon: Nullable(
      Type.String({
        maxLength: 2048,
        pattern: '^(https://[^\\s]+|/(?!/)[^\\s]*)$',
        description: "The button's icon: https or a portal path",
      }),
    ),
    issuer: Type.String({
      maxLength: 2048,
      pattern: '^https?://[^\\s?#]+$',
      description: 'The OpenID issuer; `<issuer>/.well-known/openid-configuration` is read on save',
    }),
    clientId: Type.String({ minLength: 1, maxLength: 256, pattern: '^\\S+$' }),
    clientSecret: Type.Optional(
      Type.String({ minLength: 1, maxLength: 512, description: 'Write-only; omitted on an update: the stored one is kept' }),
    ),
    scopes: Type.Array(Scope, { maxItems: 20, uniqueItems: true, description: 'Scopes beyond openid, e.g. profile email' }),
    enabled: Type.Boolean({ description: 'Offered on the sign-in page and for linking' }),
  },
  closed,
);
export type IdentityProviderInput = Static<typeof IdentityProviderInput>;

export const NewIdentityProvider = Type.Object({ id: IdentityProviderId, ...IdentityProviderInput.properties }, closed);
export type NewIdentityProvider = Static<typeof NewIdentityProvider>;

export const IdentityProvider = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
  issuer: Type.String(),
  clientId: Type.String(),
  hasSecret: Type.Boolean({ description: 'Whether a client secret is stored (it is never answered)' }),
  scopes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type IdentityProvider = Static<typeof IdentityProvider>;

export const ThirdOptions = Type.Object(
  {
    autoLink: Type.Boolean({
      description: 'An unknown identity whose provider says its email is verified is linked to the account with that email',
    }),
    createAccounts: Type.Boolean({ description: 'An unknown identity no account matches creates an account (without a password)' }),
  },
  closed,
);
export type ThirdOptions = Static<typeof ThirdOptions>;
export const DEFAULT_THIRD_OPTIONS: ThirdOptions = { autoLink: false, createAccounts: false };

export const ThirdSettings = Type.Object({ ...ThirdOptions.properties, providers: Type.Array(IdentityProvider) });
export type ThirdSettings = Static<typeof ThirdSettings>;

export const IdentityProviderParams = Type.Object({ id: SystemIdParams.properties.id, providerId: IdentityProviderId });

const gated = { access: 'gated', tags: ['identity providers'] } as const;
const path = `${SYSTEM_CONFIG_PREFIX}/third/{id}` as const;

/** The third settings: read, the linking options, and the providers (discovered and checked on save). */
export const thirdSettingsEndpoints = {
  get: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'The identity providers and the linking options (no secret is answered)',
    params: SystemIdParams,
    responses: { 200: ThirdSettings, ...errorResponses(403, 404) },
  }),
  replaceOptions: endpoint({
    ...gated,
    method: 'PUT',
    path,
    summary: 'Replaces the linking options: automatic linking on a verified email, accounts created for unknown identities',
    params: SystemIdParams,
    body: ThirdOptions,
    responses: { 200: ThirdSettings, ...errorResponses(400, 403, 404) },
  }),
  createProvider: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/providers`,
    summary: "Adds an identity provider; its issuer's discovery document must be reachable and name the same issuer",
    params: SystemIdParams,
    body: NewIdentityProvider,
    responses: { 200: IdentityProvider, ...errorResponses(400, 403, 404, 409) },
  }),
  updateProvider: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/providers/{providerId}`,
    summary: 'Replaces an identity provider (the secret is kept when none is sent); discovery is checked again',
    params: IdentityProviderParams,
    body: IdentityProviderInput,
    responses: { 200: IdentityProvider, ...errorResponses(400, 403, 404) },
  }),
  deleteProvider: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/providers/{providerId}`,
    summary: 'Deletes an identity provider; refused while accounts are linked to it (disable it instead)',
    params: IdentityProviderParams,
    responses: { 200: Ok, ...errorResponses(403, 404, 409) },
  }),
};
