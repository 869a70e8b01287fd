import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../../test/app.ts';
import { listeningAppPerFile } from '../../../../test/factories/suite.ts';
import { saveClient } from './clients.ts';

/** An off-the-shelf OpenID Connect client library, unmodified, against the real listening server. */
const { t, origin } = listeningAppPerFile();

async function signInCookie(): Promise<string> {
  const response = await fetch(`${origin()}/api/reception-center/oauth/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function runCodeFlow(config: client.Configuration, redirectUri: string) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const authorize = await fetch(url, { headers: { cookie: await signInCookie() }, redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location') ?? '');
  return client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
}

describe('openid-client against our server', () => {
  it('discovers, completes code + PKCE, refreshes with rotation, reads userinfo; the ID token verifies against the JWKS', async () => {
    const redirectUri = `${origin()}/callback`;
    await saveClient(t.database.db, { id: 'oidc-public', name: 'OIDC test (public)', redirectUris: [redirectUri] });
    const issuer = new URL(`${origin()}/api/reception-center`);
    const config = await client.discovery(issuer, 'oidc-public', undefined, client.None(), { execute: [client.allowInsecureRequests] });

    const tokens = await runCodeFlow(config, redirectUri);
    const claims = tokens.claims();
    expect(claims?.preferred_username).toBe('admin');

    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ''));
    const { payload } = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: issuer.href,
      audience: 'oidc-public',
      algorithms: ['ES256'],
    });
    expect(payload.sub).toBe(claims?.sub);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims?.sub ?? '');
    expect(userinfo.preferred_username).toBe('admin');

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('authenticates a confidential client with client_secret_basic', async () => {
    const redirectUri = `${origin()}/confidential`;
    await saveClient(t.database.db, {
      id: 'oidc-confidential',
      name: 'OIDC test (confidential)',
      redirectUris: [redirectUri],
      secret: 's3cret-value',
    });
    const issuer = new URL(`${origin()}/api/reception-center`);
    const config = await client.discovery(issuer, 'oidc-confidential', 's3cret-value', client.ClientSecretBasic('s3cret-value'), {
      execute: [client.allowInsecureRequests],
    });
    const tokens = await runCodeFlow(config, redirectUri);
    expect(tokens.access_token).toBeTruthy();

    const wrong = await client.discovery(issuer, 'oidc-confidential', 'wrong', client.ClientSecretBasic('wrong'), {
      execute: [client.allowInsecureRequests],
    });
    await expect(client.refreshTokenGrant(wrong, tokens.refresh_token ?? '')).rejects.toMatchObject({ status: 401 });
  });
});
