import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, authorizeUrl, pkce, signIn, tokenRequest, tokensFor } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { saveClient } from './clients.ts';

const RP = { id: 'rp-logout-test', redirect: 'https://rp.example/callback', signedOut: 'https://rp.example/signed-out' };
const OTHER = { id: 'rp-other-test', redirect: 'https://other.example/callback', signedOut: 'https://other.example/bye' };

const { t } = appPerFile();

let rpIdToken: string;
let portalIdToken: string;

/** The code flow for the relying party: its ID token (audience RP.id). */
async function idTokenOfRp(): Promise<string> {
  const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  const { verifier, challenge } = pkce();
  const authorize = await t.app.inject({
    method: 'GET',
    url: authorizeUrl(t, challenge, { client_id: RP.id, redirect_uri: RP.redirect }),
    cookies: { [SESSION_COOKIE]: session },
  });
  const code = new URL(String(authorize.headers.location)).searchParams.get('code') ?? '';
  const tokens = await tokenRequest(t, {
    grant_type: 'authorization_code',
    client_id: RP.id,
    code,
    code_verifier: verifier,
    redirect_uri: RP.redirect,
  });
  return String(tokens.json().id_token);
}

beforeAll(async () => {
  await saveClient(t.database.db, { id: RP.id, name: 'RP', redirectUris: [RP.redirect], postLogoutRedirectUris: [RP.signedOut] });
  await saveClient(t.database.db, {
    id: OTHER.id,
    name: 'Other RP',
    redirectUris: [OTHER.redirect],
    postLogoutRedirectUris: [OTHER.signedOut],
  });
  rpIdToken = await idTokenOfRp();
  portalIdToken = String((await tokensFor(t, 'admin', ADMIN_PASSWORD)).id_token);
});

async function logout(query: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: `/api/reception-center/oauth/logout?${new URLSearchParams(query)}` });
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

/** Where a browser goes with this Location: resolved the way browsers do, against the portal. */
const landing = (location: string) => new URL(location, t.config.publicUrl);

describe('logout redirects stay on the portal', () => {
  const tricks = [
    '/.//evil.example/x',
    '/..//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E%2E//evil.example/x',
    '/\t/evil.example/x',
    '/\\evil.example/x',
    '//evil.example/x',
    'https://evil.example/x',
  ];
  it.each(tricks.flatMap((trick) => [['redirect_uri', trick] as const, ['post_logout_redirect_uri', trick] as const]))(
    'keeps %s=%j on the portal origin',
    async (parameter, trick) => {
      const location = await logout({ [parameter]: trick });
      expect(location.startsWith('//')).toBe(false);
      expect(landing(location).origin).toBe(t.config.publicUrl);
    },
  );

  it('follows a path on the portal and adds the state for an RP-initiated logout', async () => {
    expect(await logout({ redirect_uri: '/login' })).toBe('/login');
    expect(await logout({ redirect_uri: `${t.config.publicUrl}/login?x=1` })).toBe('/login?x=1');
    expect(await logout({ post_logout_redirect_uri: '/login', state: 's1' })).toBe('/login?state=s1');
  });
});

describe('post-logout URIs of a client', () => {
  it('honours a URI registered for the client named by client_id, with the state', async () => {
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, client_id: RP.id, state: 'abc' })).toBe(`${RP.signedOut}?state=abc`);
  });

  it('honours a URI registered for the audience of id_token_hint', async () => {
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, id_token_hint: rpIdToken })).toBe(RP.signedOut);
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, id_token_hint: rpIdToken, client_id: RP.id })).toBe(RP.signedOut);
  });

  it('refuses an unregistered URI, even on a registered host', async () => {
    expect(await logout({ post_logout_redirect_uri: 'https://rp.example/elsewhere', client_id: RP.id })).toBe('/login');
    expect(await logout({ post_logout_redirect_uri: `${RP.signedOut}/`, client_id: RP.id })).toBe('/login');
  });

  it('refuses a URI registered for another client than the one identified, or for no identified client', async () => {
    expect(await logout({ post_logout_redirect_uri: OTHER.signedOut, client_id: RP.id })).toBe('/login');
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, id_token_hint: portalIdToken })).toBe('/login');
    expect(await logout({ post_logout_redirect_uri: RP.signedOut })).toBe('/login');
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, client_id: 'no-such-client' })).toBe('/login');
  });

  it('refuses when id_token_hint and client_id disagree, or the hint is not our ID token', async () => {
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, id_token_hint: rpIdToken, client_id: PORTAL_CLIENT_ID })).toBe('/login');
    const [header, payload] = rpIdToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect(await logout({ post_logout_redirect_uri: RP.signedOut, id_token_hint: forged })).toBe('/login');
  });

  it('never follows the portal-only redirect_uri to another origin, registered or not', async () => {
    expect(await logout({ redirect_uri: RP.signedOut, client_id: RP.id })).toBe('/login');
  });
});
