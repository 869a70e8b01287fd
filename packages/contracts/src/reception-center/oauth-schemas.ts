import { Type, type Static } from 'typebox';

const optional = Type.Optional(Type.String({ maxLength: 2048 }));

/** GET /oauth/authorize: the code flow's request (RFC 6749 §4.1.1, PKCE RFC 7636, OIDC `nonce`, `prompt`). */
export const AuthorizeQuery = Type.Object({
  response_type: optional,
  client_id: optional,
  redirect_uri: optional,
  scope: optional,
  state: optional,
  code_challenge: optional,
  code_challenge_method: optional,
  nonce: optional,
  prompt: optional,
});

const field = Type.Optional(Type.String({ maxLength: 4096 }));

/** POST /oauth/token, form-encoded: the fields of both grants, each checked by the grant that needs it. */
export const TokenRequestBody = Type.Object({
  grant_type: field,
  client_id: field,
  client_secret: field,
  code: field,
  code_verifier: field,
  redirect_uri: field,
  refresh_token: field,
  state: field,
  scope: field,
});

/** POST /oauth/introspect, form-encoded (RFC 7662 §2.1), with the caller's client authentication in the body or a Basic header. */
export const IntrospectionRequestBody = Type.Object({
  token: field,
  token_type_hint: field,
  client_id: field,
  client_secret: field,
});

/** RFC 7662 §2.2: `active` alone for a token that is not (invalid, expired, revoked, or not ours). */
export const IntrospectionResponse = Type.Object({
  active: Type.Boolean(),
  client_id: Type.Optional(Type.String()),
  sub: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  iat: Type.Optional(Type.Integer()),
  iss: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  /** A client_credentials token: the application it was issued to. */
  application_id: Type.Optional(Type.String()),
  /**
   * A client_credentials token introspected by another application's client: the APIs of the
   * introspecting application the token's application is authorised to call now (expired ones left
   * out), so that application's backend accepts a call only to one of them.
   */
  authorized_apis: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        method: Type.String(),
        path: Type.String(),
        expires_at: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  ),
});
export type IntrospectionResponse = Static<typeof IntrospectionResponse>;

/** A token endpoint failure in RFC 6749's format, with the portal's `code`/`message` alongside. */
export const OAuthErrorBody = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
  code: Type.String(),
  message: Type.String(),
});

/** GET /oauth/logout: RP-initiated logout (OIDC), with `redirect_uri` kept for older clients. */
export const LogoutQuery = Type.Object({
  redirect_uri: optional,
  post_logout_redirect_uri: optional,
  state: optional,
  // An ID token carries the user's profile claims: longer than an address.
  id_token_hint: Type.Optional(Type.String({ maxLength: 8192 })),
  client_id: optional,
});

/** The OpenID Connect discovery document: open-ended by the standard. */
export const OpenIdDiscovery = Type.Object({}, { additionalProperties: true });

/** The published signing keys (RFC 7517). */
export const Jwks = Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) });

/** OpenID Connect userinfo: the standard claims the portal knows. */
export const UserInfo = Type.Object(
  {
    sub: Type.String(),
    name: Type.String(),
    preferred_username: Type.String(),
    email: Type.Optional(Type.String()),
    phone_number: Type.Optional(Type.String()),
    picture: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type UserInfo = Static<typeof UserInfo>;
