import { Type } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdentityProviderId } from '../identity-provider-id.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';
import { ReturnToQuery } from './sign-in.ts';

const tags = ['external sign-in'];
const third = `${RECEPTION_CENTER_PREFIX}/oauth/third`;

export const ExternalProviderParams = Type.Object({ id: IdentityProviderId });

/** The provider's answer at the callback (OpenID Connect authorization response, RFC 9207 `iss`). */
export const ExternalCallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 256 })),
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  iss: Type.Optional(Type.String({ maxLength: 2048 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 1024 })),
  session_state: Type.Optional(Type.String({ maxLength: 1024 })),
});

export const ExternalLinkStart = Type.Object({ url: Type.String({ description: "The provider's authorization address to open" }) });

/**
 * Where a browser query parameter on /login says why signing in through a provider stopped
 * (`?third_error=`); the page shows a translated message for each, nothing else from the address.
 */
export const EXTERNAL_SIGN_IN_ERRORS = [
  'failed',
  'expired',
  'denied',
  'disabled',
  'locked',
  'unknown_provider',
  'password_expired',
  'already_bound',
] as const;
export type ExternalSignInError = (typeof EXTERNAL_SIGN_IN_ERRORS)[number];

/**
 * Kept out of the sign-in page's first chunk (apps/web/vite.config.ts): only its buttons
 * (sign-in-buttons.ts) load with /login.
 *
 * Signing in and linking accounts through an external OpenID Connect provider (the `third`
 * settings): code flow with PKCE S256, state and nonce, kept server-side and spent once.
 */
export const externalSignInEndpoints = {
  start: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${third}/{id}/start`,
    summary: 'Starts signing in through the provider: redirects to its authorization endpoint (return_to: back into our authorize)',
    params: ExternalProviderParams,
    query: ReturnToQuery,
    responses: { 302: Type.Null(), ...errorResponses(400, 404) },
  }),
  link: endpoint({
    access: 'signedIn',
    tags,
    method: 'POST',
    path: `${third}/{id}/link`,
    summary: "Starts linking the caller's account at the provider: the authorization address to open",
    params: ExternalProviderParams,
    responses: { 200: ExternalLinkStart, ...errorResponses(400, 401, 404, 409) },
  }),
  callback: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${third}/callback`,
    summary: "The provider's redirect: checks state, PKCE, nonce and the ID token, then signs in, links, or asks for the password once",
    query: ExternalCallbackQuery,
    responses: { 302: Type.Null() },
  }),
  bind: endpoint({
    access: 'open',
    tags,
    method: 'GET',
    path: `${third}/bind`,
    summary:
      'After a password sign-in started from a bind ticket (its cookie): links the identity to the account just signed in, then /boundAccountResult',
    query: ReturnToQuery,
    responses: { 302: Type.Null() },
  }),
};
