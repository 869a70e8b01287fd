import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';

/**
 * A third-party web application signing its users in through the portal by OpenID Connect, as its
 * server would with an unmodified client library (openid-client): GET /start sends the browser to
 * the portal's authorisation endpoint with PKCE; GET /callback exchanges the code and shows who
 * signed in (`#user`). Every address asked of it is kept, in order, in `requests`.
 */
export interface RelyingParty {
  url: string;
  requests: string[];
  /** Discovers the portal (issuer) and signs in as this registered confidential client from now on. */
  register(issuer: string, clientId: string, clientSecret: string): Promise<void>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startRelyingParty(): Promise<RelyingParty> {
  let config: oidc.Configuration | undefined;
  const pending = new Map<string, { pkceCodeVerifier: string; expectedNonce: string }>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redirectUri = `${url}/callback`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? '/', url);
    requests.push(address.pathname + address.search);
    if (!config) throw new Error('the relying party is not registered yet');
    if (address.pathname === '/start') {
      const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
      const [state, expectedNonce] = [oidc.randomState(), oidc.randomNonce()];
      pending.set(state, { pkceCodeVerifier, expectedNonce });
      const to = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce: expectedNonce,
      });
      response.writeHead(302, { location: to.href }).end();
    } else if (address.pathname === '/callback') {
      const state = address.searchParams.get('state') ?? '';
      const checks = pending.get(state);
      if (!checks) throw new Error('unknown state');
      pending.delete(state);
      const tokens = await oidc.authorizationCodeGrant(config, address, { ...checks, expectedState: state });
      const user = String(tokens.claims()?.preferred_username ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Relying party</title><h1>Signed in as <span id="user">${escapeHtml(user)}</span></h1>`);
    } else {
      response.writeHead(404).end();
    }
  }

  return {
    url,
    requests,
    async register(issuer, clientId, clientSecret) {
      config = await oidc.discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
        execute: [oidc.allowInsecureRequests],
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
