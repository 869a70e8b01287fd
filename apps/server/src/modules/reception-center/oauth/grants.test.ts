import { PORTAL_CLIENT_ID, SESSION_COOKIE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { saveClient } from './clients.ts';
import { createRotation } from './rotation.ts';
import { ADMIN_PASSWORD, authorizationCode, authorizeUrl, bearer, pkce, signIn, tokenRequest, tokensFor } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { USER_CHANGED_TOPIC } from '../../permission/index.ts';

const { t } = appPerFile();

const redirectUri = () => `${t.config.publicUrl}/auth`;
const refresh = (token: string) => tokenRequest(t, { grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: token });
const who = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/reception-center/member/who', headers: bearer(accessToken) });

async function freshCode() {
  const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  const { verifier, challenge } = pkce();
  return { code: await authorizationCode(t, session, challenge), verifier, session };
}

const exchange = (code: string, verifier: string, overrides: Record<string, string> = {}) =>
  tokenRequest(t, {
    grant_type: 'authorization_code',
    client_id: PORTAL_CLIENT_ID,
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri(),
    ...overrides,
  });

describe('authorization code with PKCE', () => {
  it('sends a browser without a session to the login page, keeping the request', async () => {
    const response = await t.app.inject({ method: 'GET', url: authorizeUrl(t, pkce().challenge) });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('return_to')).toMatch(/^\/api\/reception-center\/oauth\/authorize\?/);
  });

  it('issues a code bound to the state and exchanges it once for tokens', async () => {
    const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const { verifier, challenge } = pkce();
    const response = await t.app.inject({ method: 'GET', url: authorizeUrl(t, challenge), cookies: { [SESSION_COOKIE]: session } });
    const location = new URL(String(response.headers.location));
    expect(location.origin + location.pathname).toBe(redirectUri());
    expect(location.searchParams.get('state')).toBe('42');
    const tokens = await exchange(location.searchParams.get('code') ?? '', verifier);
    expect(tokens.statusCode).toBe(200);
    const body = tokens.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'openid profile' });
    expect(body.id_token).toEqual(expect.any(String));
    const member = await who(body.access_token);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ username: 'admin' });
  });

  it('refuses a replayed code and revokes what the first exchange issued', async () => {
    const { code, verifier } = await freshCode();
    const first = (await exchange(code, verifier)).json();
    const replay = await exchange(code, verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await who(first.access_token)).statusCode).toBe(401);
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a missing or wrong code_verifier', async () => {
    const missing = await freshCode();
    const noVerifier = await tokenRequest(t, {
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code: missing.code,
      redirect_uri: redirectUri(),
    });
    expect(noVerifier.statusCode).toBe(400);
    expect(noVerifier.json().error).toBe('invalid_grant');
    const wrong = await freshCode();
    const response = await exchange(wrong.code, pkce().verifier);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses a redirect URI that differs by one character, at authorize and at the token endpoint', async () => {
    const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const { verifier, challenge } = pkce();
    for (const redirect_uri of [`${redirectUri()}/`, `${redirectUri()}x`, redirectUri().replace('auth', 'autH')]) {
      const response = await t.app.inject({
        method: 'GET',
        url: authorizeUrl(t, challenge, { redirect_uri }),
        cookies: { [SESSION_COOKIE]: session },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
    const code = await authorizationCode(t, session, challenge);
    const response = await exchange(code, verifier, { redirect_uri: `${redirectUri()}/` });
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses plain PKCE, a missing challenge and other response types by redirecting with the error', async () => {
    const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const cases = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'openid admin' }, 'invalid_scope'],
    ] as const;
    for (const [extra, error] of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: authorizeUrl(t, pkce().challenge, extra),
        cookies: { [SESSION_COOKIE]: session },
      });
      const location = new URL(String(response.headers.location));
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('42');
    }
  });

  it('refuses the password grant and unknown grant types', async () => {
    for (const grant_type of ['password', 'implicit']) {
      const response = await tokenRequest(t, { grant_type, client_id: PORTAL_CLIENT_ID, username: 'admin', password: ADMIN_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
    }
  });

  it('refuses client_credentials to the portal, a public client (only an application machine client may use it)', async () => {
    const response = await tokenRequest(t, { grant_type: 'client_credentials', client_id: PORTAL_CLIENT_ID });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses an unknown client and a JSON body with OAuth errors', async () => {
    const unknown = await tokenRequest(t, { grant_type: 'refresh_token', client_id: 'nobody', refresh_token: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');
    const json = await t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/token', payload: { grant_type: 'refresh_token' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });
});

describe('refresh token rotation', () => {
  it('rotates on every use and revokes the whole chain when a used token comes back', async () => {
    const first = await tokensFor(t, 'admin', ADMIN_PASSWORD);
    const second = (await refresh(first.refresh_token)).json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = (await refresh(second.refresh_token)).json();
    expect((await who(third.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    // The newest token of the chain and its access token die with it.
    expect((await refresh(third.refresh_token)).json().error).toBe('invalid_grant');
    expect((await who(third.access_token)).statusCode).toBe(401);
  });

  it('rotates a chain once when its token comes twice in one batch; the other chains of the batch rotate too', async () => {
    const [twice, other] = [await tokensFor(t, 'admin', ADMIN_PASSWORD), await tokensFor(t, 'admin', ADMIN_PASSWORD)];
    const rotate = createRotation(t.database.db);
    const position = (token: string) => {
      const [familyId = '', generation] = token.split('.');
      return { familyId, generation: Number(generation), clientId: PORTAL_CLIENT_ID };
    };
    // Called in one turn: one statement rotates all three.
    const [first, second, third] = await Promise.all([
      rotate(position(twice.refresh_token)),
      rotate(position(twice.refresh_token)),
      rotate(position(other.refresh_token)),
    ]);
    expect(first).toMatchObject({ ...position(twice.refresh_token), generation: 1, session: { revokedAt: null } });
    expect(second).toBeUndefined();
    expect(third).toMatchObject({ ...position(other.refresh_token), generation: 1 });
  });

  it('answers a token presented twice at once with one rotation, then revokes its chain as a reuse; the other chains go on', async () => {
    const [twice, other] = [await tokensFor(t, 'admin', ADMIN_PASSWORD), await tokensFor(t, 'admin', ADMIN_PASSWORD)];
    const answers = await Promise.all([refresh(twice.refresh_token), refresh(twice.refresh_token), refresh(other.refresh_token)]);
    const [rotated, refused] = answers.slice(0, 2).sort((a, b) => a.statusCode - b.statusCode);
    expect([rotated?.statusCode, refused?.statusCode, answers[2]?.statusCode]).toEqual([200, 400, 200]);
    expect(refused?.json().error).toBe('invalid_grant');
    expect((await refresh(rotated?.json().refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(answers[2]?.json().refresh_token)).statusCode).toBe(200);
  });

  it('refuses a token shown by another registered client and revokes its chain, giving that client nothing', async () => {
    await saveClient(t.database.db, { id: 'another-app', name: 'Another app', redirectUris: ['https://another.example/cb'] });
    const leaked = await tokensFor(t, 'admin', ADMIN_PASSWORD);
    const taken = await tokenRequest(t, { grant_type: 'refresh_token', client_id: 'another-app', refresh_token: leaked.refresh_token });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ error: 'invalid_grant' });
    expect(taken.json().access_token).toBeUndefined();
    // Leaked means two holders: the chain ends for its own client too.
    expect((await refresh(leaked.refresh_token)).json().error).toBe('invalid_grant');
    expect((await who(leaked.access_token)).statusCode).toBe(401);
  });

  it('refuses a forged refresh token without revoking the chain it names', async () => {
    const first = await tokensFor(t, 'admin', ADMIN_PASSWORD);
    const second = (await refresh(first.refresh_token)).json();
    const [familyId] = second.refresh_token.split('.');
    // Someone who learnt the chain id (access tokens carry it) cannot pass off an earlier generation.
    const forgedEarlier = `${familyId}.0.${'A'.repeat(43)}`;
    for (const forged of [forgedEarlier, `${familyId}.x.y`, 'not-a-token', `${second.refresh_token}.extra`]) {
      const answer = await refresh(forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('invalid_grant');
    }
    const third = await refresh(second.refresh_token);
    expect(third.statusCode).toBe(200);
    expect((await who(third.json().access_token)).statusCode).toBe(200);
  });

  it('answers 401 on a signed-in route without a token or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/reception-center/member/who' })).statusCode).toBe(401);
    const tokens = await tokensFor(t, 'admin', ADMIN_PASSWORD);
    const [header, payload] = tokens.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await who(forged)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session, revokes its tokens and redirects to the login page', async () => {
    const session = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const { verifier, challenge } = pkce();
    const tokens = (await exchange(await authorizationCode(t, session, challenge), verifier)).json();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/reception-center/oauth/logout?redirect_uri=/login',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect((await who(tokens.access_token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'GET', url: authorizeUrl(t, challenge), cookies: { [SESSION_COOKIE]: session } });
    expect(String(again.headers.location)).toMatch(/^\/login\?/);
  });

  it('never redirects to a foreign site', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/logout?redirect_uri=https://evil.example/' });
    expect(response.headers.location).toBe('/login');
  });
});

describe('a disabled account', () => {
  it('can no longer refresh, and its chain is revoked', async () => {
    const { createUser, tokensFor: tokens } = await import('../../../../test/app.ts');
    const { users } = await import('../../../../test/tables.ts');
    const { eq } = await import('drizzle-orm');
    const user = await createUser(t);
    const pair = await tokens(t, user.username, user.password);
    await asSystem(t.database.db, async (tx) => {
      await tx.update(users).set({ actived: false }).where(eq(users.id, user.id));
      tx.afterCommit(USER_CHANGED_TOPIC, user.id);
    });
    const refreshed = await refresh(pair.refresh_token);
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The account is disabled' });
    expect((await who(pair.access_token)).statusCode).toBe(401);
  });
});
