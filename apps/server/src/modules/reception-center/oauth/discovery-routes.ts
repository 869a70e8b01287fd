import { discoveryEndpoints as discovery, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';
import { SIGNING_ALG } from '../tokens/signing-key.ts';

/** OpenID Connect discovery, the published signing keys and the userinfo endpoint. */
export async function discoveryRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  const metadata = {
    issuer: rc.issuer,
    authorization_endpoint: `${rc.issuer}/oauth/authorize`,
    token_endpoint: `${rc.issuer}/oauth/token`,
    introspection_endpoint: `${rc.issuer}/oauth/introspect`,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    userinfo_endpoint: `${rc.issuer}/oauth/userinfo`,
    jwks_uri: `${rc.issuer}/oauth/jwks`,
    end_session_endpoint: `${rc.issuer}/oauth/logout`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
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

  registerRoutes(app, [
    route(discovery.openIdConfiguration, async () => metadata),
    route(discovery.jwks, async () => ({ keys: [rc.key.publicJwk] })),
    route(discovery.userInfo, async (request) => {
      const user = await rc.directory.byId(principalOf(request).userId);
      if (!user) throw new AppError('UNAUTHORIZED', 'The user no longer exists');
      return { sub: user.id, ...rc.permission.standardClaims(user) } as Static<typeof UserInfo>;
    }),
  ]);
}
