import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer } from '../../../../test/app.ts';
import { newInstant } from '../../../../test/factories/applications.ts';
import { adminToken } from '../../../../test/factories/identity.ts';
import { listeningAppPerFile } from '../../../../test/factories/suite.ts';

/**
 * Issue 14's done-when: an unmodified openid-client, registered as an application's web client, signs
 * in over real HTTP, through the login page and (issue 28) the consent page.
 */
const { t, origin } = listeningAppPerFile();

/** Registers a WebThird application and its confidential web client through the console API. */
async function registeredWebClient(redirectUri: string) {
  const admin = bearer(await adminToken(t));
  const application = await t.app.inject({
    method: 'POST',
    url: '/api/permission/v4/applications',
    headers: admin,
    payload: { instant: newInstant('sso'), name: 'SSO app', type: 'WebThird', appUrl: `${origin()}/sso-app` },
  });
  expect(application.statusCode).toBe(200);
  const registered = await t.app.inject({
    method: 'POST',
    url: `/api/permission/v4/applications/${application.json().id}/clients`,
    headers: admin,
    payload: { kind: 'web', redirectUris: [redirectUri] },
  });
  expect(registered.statusCode).toBe(200);
  return registered.json() as { client: { clientId: string }; clientSecret: string };
}

/** The portal's login page signs in (POST /oauth/jwt) and the browser goes back to `return_to`. */
async function signInThroughPortal(loginLocation: string): Promise<{ cookie: string; returnTo: string }> {
  const login = new URL(loginLocation, origin());
  expect(login.pathname).toBe('/login');
  const response = await fetch(`${origin()}/api/reception-center/oauth/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', returnTo: login.searchParams.get('return_to') ?? '' };
}

function startSignIn(config: client.Configuration, redirectUri: string) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  return client.calculatePKCECodeChallenge(verifier).then((challenge) => ({
    checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce },
    url: client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    }),
  }));
}

describe('an application signing in by OpenID Connect', () => {
  it('completes code + PKCE through the portal login, then signs in again without a password prompt', async () => {
    const redirectUri = `${origin()}/sso-app/callback`;
    const { client: registered, clientSecret } = await registeredWebClient(redirectUri);
    const issuer = new URL(`${origin()}/api/reception-center`);
    const config = await client.discovery(issuer, registered.clientId, clientSecret, client.ClientSecretBasic(clientSecret), {
      execute: [client.allowInsecureRequests],
    });

    // First sign-in: no portal session, so the portal's login page comes first.
    const first = await startSignIn(config, redirectUri);
    const toLogin = await fetch(first.url, { redirect: 'manual' });
    expect(toLogin.status).toBe(302);
    const { cookie, returnTo } = await signInThroughPortal(toLogin.headers.get('location') ?? '');
    const back = await fetch(new URL(returnTo, origin()), { headers: { cookie }, redirect: 'manual' });
    expect(back.status).toBe(302);
    // The application is not first-party: the portal asks the user once (issue 28), on its consent page.
    const consentPage = new URL(back.headers.get('location') ?? '', origin());
    expect(consentPage.pathname).toBe('/consent');
    const allowed = await fetch(`${origin()}/api/reception-center/oauth/consent`, {
      method: 'POST',
      headers: { cookie, origin: origin(), 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: consentPage.searchParams.get('ticket'), allow: true }),
    });
    expect(allowed.status).toBe(200);
    const { redirectTo } = (await allowed.json()) as { redirectTo: string };
    const tokens = await client.authorizationCodeGrant(config, new URL(redirectTo), first.checks);
    expect(tokens.claims()?.preferred_username).toBe('admin');
    expect(tokens.claims()?.aud).toBe(registered.clientId);

    // Second sign-in with the portal session: a code straight away, no login page and, consent remembered, no consent page.
    const second = await startSignIn(config, redirectUri);
    const direct = await fetch(second.url, { headers: { cookie }, redirect: 'manual' });
    expect(direct.status).toBe(302);
    const callback = new URL(direct.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    const again = await client.authorizationCodeGrant(config, callback, second.checks);
    expect(again.claims()?.sub).toBe(tokens.claims()?.sub);

    // The application's confidential client may introspect the user's token.
    const introspection = await client.tokenIntrospection(config, again.access_token);
    expect(introspection).toMatchObject({ active: true, client_id: registered.clientId, sub: tokens.claims()?.sub });

    // The administrator's token issued to the application says who they are, and no more: with it the
    // application's owner must not reach the console (or the administrator's portal data).
    const userInfo = await client.fetchUserInfo(config, again.access_token, tokens.claims()?.sub ?? '');
    expect(userInfo.preferred_username).toBe('admin');
    const asApplication = { authorization: `Bearer ${again.access_token}` };
    expect((await fetch(`${origin()}/api/reception-center/member/who`, { headers: asApplication })).status).toBe(200);
    for (const path of ['/api/permission/v4/applications', '/api/permission/users/self', '/api/message-engine/v1/channels']) {
      const refused = await fetch(`${origin()}${path}`, { headers: asApplication });
      expect(refused.status, path).toBe(403);
    }
  });
});
