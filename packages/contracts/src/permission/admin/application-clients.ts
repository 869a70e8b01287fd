import { Type, type Static } from 'typebox';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Timestamp } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';
import { ownerOrPoint } from './application-access.ts';

/**
 * Applications as OAuth 2 / OpenID Connect clients of the portal (issue 14): a web client a user
 * signs in through (authorization code + PKCE S256) and a machine client the application acts as
 * (client_credentials). Each application has at most one of each kind.
 */

/** The grant types a client may be registered for; the token endpoint refuses any other. */
export const CLIENT_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type ClientGrantType = (typeof CLIENT_GRANT_TYPES)[number];
export const CLIENT_KINDS = ['web', 'machine'] as const;

const Uri = Type.String({ minLength: 1, maxLength: 2000 });
const Uris = Type.Array(Uri, { maxItems: 20, uniqueItems: true });
const GrantTypes = Type.Array(Type.Enum([...CLIENT_GRANT_TYPES]), { minItems: 1, maxItems: 3, uniqueItems: true });

/** A registered client as its administrators see it: its secret is never shown again after it is issued. */
export const ApplicationClient = Type.Object({
  clientId: Type.String(),
  kind: Type.Enum([...CLIENT_KINDS]),
  /** Holds a secret (client_secret_basic / client_secret_post); a public client proves itself by PKCE alone. */
  confidential: Type.Boolean(),
  redirectUris: Type.Array(Type.String()),
  postLogoutRedirectUris: Type.Array(Type.String()),
  grantTypes: Type.Array(Type.Enum([...CLIENT_GRANT_TYPES])),
  createdAt: Timestamp,
});
export type ApplicationClient = Static<typeof ApplicationClient>;

/** The answer that creates a secret (registration, rotation, a public client made confidential): the only time it is shown. */
export const IssuedClientSecret = Type.Object({
  client: ApplicationClient,
  clientSecret: Type.Union([Type.String(), Type.Null()]),
});
export type IssuedClientSecret = Static<typeof IssuedClientSecret>;

/** A web client's addresses and grants; a machine client takes none of the addresses and only client_credentials. */
export const ApplicationClientChange = Type.Object({
  /** Web clients only (a machine client is always confidential); defaults to true. */
  confidential: Type.Optional(Type.Boolean()),
  /** Exact-match redirect URIs: absolute http(s), no fragment; http only for a loopback host (or an http portal). */
  redirectUris: Type.Optional(Uris),
  postLogoutRedirectUris: Type.Optional(Uris),
  /** Web: authorization_code (required) and refresh_token, the default both; machine: client_credentials. */
  grantTypes: Type.Optional(GrantTypes),
});
export type ApplicationClientChange = Static<typeof ApplicationClientChange>;

export const ApplicationClientInput = Type.Object({ kind: Type.Enum([...CLIENT_KINDS]), ...ApplicationClientChange.properties });
export type ApplicationClientInput = Static<typeof ApplicationClientInput>;

export const ApplicationClientParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  clientId: Type.String({ minLength: 1, maxLength: 100 }),
});

const clients = `${PERMISSION_PREFIX}/v4/applications/{applicationId}/clients`;
const client = `${clients}/{clientId}`;
const ofApplication = { ...ownerOrPoint, params: Type.Object({ applicationId: Type.String({ format: 'uuid' }) }) } as const;

export const applicationClientEndpoints = {
  list: endpoint({
    ...ofApplication,
    method: 'GET',
    path: clients,
    summary: "An application's OAuth clients (never their secrets)",
    responses: { 200: Type.Array(ApplicationClient), ...errorResponses(403, 404) },
  }),
  register: endpoint({
    ...ofApplication,
    method: 'POST',
    path: clients,
    summary:
      'Registers the web or machine client of an application; a confidential one gets its secret, shown once (none while the application is disabled: 409)',
    body: ApplicationClientInput,
    responses: { 200: IssuedClientSecret, ...errorResponses(400, 403, 404, 409) },
  }),
  update: endpoint({
    ...ownerOrPoint,
    params: ApplicationClientParams,
    method: 'PUT',
    path: client,
    summary: "Replaces a client's redirect URIs and grant types (409 when that would issue a secret to a disabled application)",
    body: ApplicationClientChange,
    responses: { 200: IssuedClientSecret, ...errorResponses(400, 403, 404, 409) },
  }),
  rotateSecret: endpoint({
    ...ownerOrPoint,
    params: ApplicationClientParams,
    method: 'POST',
    path: `${client}/secret`,
    summary: 'Issues a new client secret, shown once; the old one stops working (409 while the application is disabled)',
    responses: { 200: IssuedClientSecret, ...errorResponses(403, 404, 409) },
  }),
  remove: endpoint({
    ...ownerOrPoint,
    params: ApplicationClientParams,
    method: 'DELETE',
    path: client,
    summary: 'Removes a client: its tokens are refused from then on',
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
};
