import { oauthEndpoints as oauth } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { ReceptionCenter } from '../context.ts';
import { assertGrantAllowed, authenticateClient, type OAuthClient } from './clients.ts';
import { introspect } from './introspection.ts';
import { OAuthError } from './oauth-error.ts';

/** client_secret_basic: `Authorization: Basic base64(id:secret)`, both parts form-urlencoded. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString();
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials');
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'Malformed Basic credentials');
  }
}

/** A form-encoded request's client, authenticated by client_secret_basic, client_secret_post or (public) none. */
async function requestingClient(
  rc: ReceptionCenter,
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<OAuthClient> {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'The request must be form-encoded');
  }
  const basic = basicCredentials(request);
  const clientId = basic?.id ?? body.client_id;
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is required');
  if (basic && body.client_id && body.client_id !== basic.id)
    throw new OAuthError('invalid_request', 'client_id does not match the credentials');
  return authenticateClient(await rc.clients.find(clientId), basic?.secret ?? body.client_secret);
}

/** The token and introspection endpoints, in a scope of their own: its error handler answers for them alone. */
export async function tokenRoutes(app: FastifyInstance, rc: ReceptionCenter) {
  // Every failure here, bad input included, answers in RFC 6749's error format.
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    reply.header('cache-control', 'no-store');
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (!(error instanceof OAuthError) && status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'token request failed');
      const message = 'The server could not process the token request';
      return reply.code(500).send({ error: 'server_error', error_description: message, code: 'server_error', message });
    }
    const oauthError =
      error instanceof OAuthError ? error : new OAuthError('invalid_request', `The request is malformed: ${error.message}`);
    if (oauthError.error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="oauth"');
    return reply.code(oauthError.statusCode as 400 | 401).send(oauthError.toBody());
  });

  registerRoutes(app, [
    route(oauth.token, async (request, reply) => {
      const body = request.body;
      const client = await requestingClient(rc, request, body);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      switch (body.grant_type) {
        case 'authorization_code':
          assertGrantAllowed(client, 'authorization_code');
          if (!body.code) throw new OAuthError('invalid_request', 'code is required');
          return rc.grants.exchangeCode({
            clientId: client.id,
            code: body.code,
            codeVerifier: body.code_verifier,
            redirectUri: body.redirect_uri,
          });
        case 'refresh_token':
          assertGrantAllowed(client, 'refresh_token');
          if (!body.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
          return rc.grants.refresh({ clientId: client.id, refreshToken: body.refresh_token });
        case 'client_credentials':
          return rc.grants.clientCredentials(client);
        case undefined:
          throw new OAuthError('invalid_request', 'grant_type is required');
        default:
          throw new OAuthError('unsupported_grant_type', `grant_type ${body.grant_type} is not supported`);
      }
    }),
    route(oauth.introspect, async (request, reply) => {
      const client = await requestingClient(rc, request, request.body);
      // RFC 7662 §2.1: only a client that can authenticate may ask; a public one proves nothing.
      if (client.secretHash === null) throw new OAuthError('invalid_client', 'Only a confidential client may introspect tokens');
      if (!request.body.token) throw new OAuthError('invalid_request', 'token is required');
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return introspect(rc, request.body.token, client);
    }),
  ]);
}
