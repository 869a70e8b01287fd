import { Type } from 'typebox';
import { ClientCredentialsTokenResponse, OAuthConfig, TokenResponse } from '../auth.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import {
  AuthorizeQuery,
  IntrospectionRequestBody,
  IntrospectionResponse,
  Jwks,
  LogoutQuery,
  OAuthErrorBody,
  OpenIdDiscovery,
  TokenRequestBody,
  UserInfo,
} from './oauth-schemas.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

const tags = ['oauth'];
const open = { access: 'open', tags } as const;
const oauth = `${RECEPTION_CENTER_PREFIX}/oauth`;

/** The authorization server: the portal's sign-in configuration, the code flow and logout. */
export const oauthEndpoints = {
  config: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/config`,
    summary: 'Public sign-in configuration for the portal',
    responses: { 200: OAuthConfig },
  }),
  // Answers with a redirect: back to the client with a code or an error, or to the sign-in page.
  authorize: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/authorize`,
    summary: 'Authorization endpoint: code flow with PKCE S256',
    query: AuthorizeQuery,
    responses: { 302: Type.Null(), ...errorResponses(400) },
  }),
  // Every failure answers in RFC 6749's error format, not the portal's.
  token: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/token`,
    summary: 'Token endpoint: authorization_code, refresh_token and client_credentials grants (form-encoded)',
    consumes: ['application/x-www-form-urlencoded'],
    body: TokenRequestBody,
    responses: {
      200: Type.Union([TokenResponse, ClientCredentialsTokenResponse]),
      400: OAuthErrorBody,
      401: OAuthErrorBody,
      500: OAuthErrorBody,
    },
  }),
  // Open at the HTTP level: the caller authenticates as a confidential client (RFC 7662 §2.1).
  introspect: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/introspect`,
    summary: 'Token introspection (RFC 7662) for registered confidential clients (form-encoded)',
    consumes: ['application/x-www-form-urlencoded'],
    body: IntrospectionRequestBody,
    responses: { 200: IntrospectionResponse, 400: OAuthErrorBody, 401: OAuthErrorBody, 500: OAuthErrorBody },
  }),
  logout: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/logout`,
    summary: 'Ends the sign-in session, revokes its tokens, then redirects',
    query: LogoutQuery,
    responses: { 302: Type.Null() },
  }),
};

/** OpenID Connect discovery, the published signing keys and the userinfo endpoint. */
export const discoveryEndpoints = {
  openIdConfiguration: endpoint({
    ...open,
    method: 'GET',
    path: `${RECEPTION_CENTER_PREFIX}/.well-known/openid-configuration`,
    summary: 'OpenID Connect discovery',
    responses: { 200: OpenIdDiscovery },
  }),
  jwks: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/jwks`,
    summary: 'Published token signing keys',
    responses: { 200: Jwks },
  }),
  // An application's client reads its user's claims with the access token it was issued.
  userInfo: endpoint({
    access: 'signedIn',
    acceptsApplicationToken: true,
    tags,
    method: 'GET',
    path: `${oauth}/userinfo`,
    summary: 'OpenID Connect userinfo',
    responses: { 200: UserInfo },
  }),
};
