import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingPeer, type CountingPeer } from '../../test/counting-peer.ts';
import { discoverProvider } from './oidc-discovery.ts';
import { createOutbound, OutboundError } from './outbound/guard.ts';

/** A server on a loopback address answering `answer()` as JSON, counting requests. */
const jsonServer = (host: string, answer: () => unknown) =>
  startCountingPeer(host, (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer())),
  );

let inside: CountingPeer;
let provider: CountingPeer;
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
