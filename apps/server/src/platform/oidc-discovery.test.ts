import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProvider } from './oidc-discovery.ts';
import { createOutbound, OutboundError } from './outbound/guard.ts';

/** A server on a loopback address answering `answer(path)` as JSON, counting requests. */
async function jsonServer(host: string, answer: (path: string) => unknown) {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(request.url ?? '/')));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let inside: Awaited<ReturnType<typeof jsonServer>>;
let provider: Awaited<ReturnType<typeof jsonServer>>;
beforeAll(async () => {
  inside = await jsonServer('127.0.0.1', () => ({ access_token: 'x', token_type: 'Bearer' }));
  // A provider on an allowed host whose discovery document sends the token exchange inside.
  provider = await jsonServer('127.0.0.2', () => ({
    issuer: provider.origin,
    authorization_endpoint: `${provider.origin}/authorize`,
    token_endpoint: `${inside.origin}/token`,
    jwks_uri: `${provider.origin}/jwks`,
    code_challenge_methods_supported: ['S256'],
  }));
});
afterAll(() => Promise.all([inside.close(), provider.close()]));

describe('identity-provider requests under the outbound guard', () => {
  it('sends the token exchange through the guard too: a token endpoint inside is not reached', async () => {
    const outbound = createOutbound({ allow: ['127.0.0.2'] });
    const config = await discoverProvider(
      { issuer: provider.origin, clientId: 'portal', clientSecret: 'secret-1' },
      { allowHttp: false, outbound },
    );
    expect(provider.hits()).toBe(1);
    const verifier = oidc.randomPKCECodeVerifier();
    const exchange = oidc.authorizationCodeGrant(
      config,
      new URL('https://portal.example/callback?code=abc&state=s1'),
      { pkceCodeVerifier: verifier, expectedState: 's1', idTokenExpected: true },
      { redirect_uri: 'https://portal.example/callback' },
    );
    const failure = await exchange.catch((error: unknown) => error);
    let cause: unknown = failure;
    while (cause instanceof Error && !(cause instanceof OutboundError)) cause = cause.cause;
    expect(cause).toBeInstanceOf(OutboundError);
    expect(inside.hits()).toBe(0);
    outbound.close();
  });
});
