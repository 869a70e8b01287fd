import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { principalOf } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { SIGNING_ALG } from '../tokens/signing-key.ts';

const Discovery = Type.Object({}, { additionalProperties: true });
const Jwks = Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) });
const UserInfo = Type.Object(
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

/** OpenID Connect discovery, the published signing keys and the userinfo endpoint. */
export const discoveryRoutes: FastifyPluginAsyncTypebox<ReceptionCenter> = async (app, rc) => {
  const metadata = {
    issuer: rc.issuer,
    authorization_endpoint: `${rc.issuer}/oauth/authorize`,
    token_endpoint: `${rc.issuer}/oauth/token`,
    userinfo_endpoint: `${rc.issuer}/oauth/userinfo`,
    jwks_uri: `${rc.issuer}/oauth/jwks`,
    end_session_endpoint: `${rc.issuer}/oauth/logout`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SIGNING_ALG],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    scopes_supported: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'nonce',
      'sid',
      'name',
      'preferred_username',
      'email',
      'phone_number',
      'picture',
    ],
    authorization_response_iss_parameter_supported: true,
  };

  app.get(
    '/.well-known/openid-configuration',
    { config: { access: 'open' }, schema: { tags: ['oauth'], summary: 'OpenID Connect discovery', response: { 200: Discovery } } },
    async () => metadata,
  );

  app.get(
    '/oauth/jwks',
    { config: { access: 'open' }, schema: { tags: ['oauth'], summary: 'Published token signing keys', response: { 200: Jwks } } },
    async () => ({ keys: [rc.key.publicJwk] }),
  );

  app.get(
    '/oauth/userinfo',
    { config: { access: 'signedIn' }, schema: { tags: ['oauth'], summary: 'OpenID Connect userinfo', response: { 200: UserInfo } } },
    async (request) => {
      const user = await rc.directory.byId(principalOf(request).userId);
      if (!user) throw new AppError('UNAUTHORIZED', 'The user no longer exists');
      return { sub: user.id, ...rc.permission.standardClaims(user) } as Static<typeof UserInfo>;
    },
  );
};
