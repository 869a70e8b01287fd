import { PORTAL_CLIENT_ID, SESSION_COOKIE, type TokenResponse } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizeUrl, bearer, createUser, pkce, signedInSession, tokenRequest } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { restoreDefaultSettings, setAuth } from '../../../../test/factories/settings.ts';
import { refreshChains, signInSessions } from '../../../../test/tables.ts';

/** Token and session lifetimes from the auth settings, in force at the next request (ASVS V3.3). */

const { t } = appPerFile();
afterEach(() => restoreDefaultSettings(t));

const HOUR_MS = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A user signed in through the code flow: the session cookie, its row's id and the token pair. */
async function signedInAs(user: { username: string; password: string }, remember = false) {
  const { session, response } = await signedInSession(t, user.username, user.password, remember);
  const tokens = response.json<TokenResponse>();
  return { cookie: session, tokens, sessionId: String(decodeJwt(tokens.access_token).sid) };
}

const signedIn = async (remember = false) => signedInAs(await createUser(t), remember);

const refresh = (refreshToken: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: refreshToken });
const who = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/reception-center/member/who', headers: bearer(accessToken) });
const ageSession = (sessionId: string, times: { createdAt?: Date; lastUsedAt?: Date }) =>
  t.database.db.update(signInSessions).set(times).where(eq(signInSessions.id, sessionId));
const sessionRow = async (sessionId: string) =>
  (await t.database.db.select().from(signInSessions).where(eq(signInSessions.id, sessionId)))[0];

/** The session can no longer refresh nor be used: the refresh is invalid_grant, the access token 401, the row revoked. */
async function expectEnded(session: { tokens: TokenResponse; sessionId: string }) {
  const refused = await refresh(session.tokens.refresh_token);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  expect((await who(session.tokens.access_token)).statusCode).toBe(401);
  expect((await sessionRow(session.sessionId))?.revokedAt).toBeInstanceOf(Date);
}

describe('the access token lifetime', () => {
  it('is accessTokenMinutes, from the next token issued on', async () => {
    await setAuth(t, { accessTokenMinutes: 3 });
    const { tokens } = await signedIn();
    const claims = decodeJwt(tokens.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(180);
    expect(tokens.expires_in).toBe(180);

    await setAuth(t, { accessTokenMinutes: 45 });
    const refreshed = (await refresh(tokens.refresh_token)).json<TokenResponse>();
    const renewed = decodeJwt(refreshed.access_token);
    expect(Number(renewed.exp) - Number(renewed.iat)).toBe(45 * 60);
    expect(refreshed.expires_in).toBe(45 * 60);
  });
});

describe('the session limits', () => {
  it('end a session unused for sessionIdleMinutes, and count each refresh as a use', async () => {
    await setAuth(t, { sessionIdleMinutes: 30 });
    const session = await signedIn();
    await ageSession(session.sessionId, { lastUsedAt: ago(29 * 60_000) });
    const refreshed = await refresh(session.tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await sessionRow(session.sessionId))?.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await ageSession(session.sessionId, { lastUsedAt: ago(31 * 60_000) });
    const tokens = refreshed.json<TokenResponse>();
    expect((await refresh(tokens.refresh_token)).json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The sign-in session has ended: sign in again',
    });
    await expectEnded({ ...session, tokens });
  });

  it('record a use when the recorded one is 10 s old, so the refreshes of one session do not all write its row', async () => {
    await setAuth(t, { sessionIdleMinutes: 30 });
    const session = await signedIn();
    const recent = ago(5_000);
    await ageSession(session.sessionId, { lastUsedAt: recent });
    const first = await refresh(session.tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    expect((await sessionRow(session.sessionId))?.lastUsedAt).toEqual(recent);

    await ageSession(session.sessionId, { lastUsedAt: ago(11_000) });
    expect((await refresh(first.json<TokenResponse>().refresh_token)).statusCode).toBe(200);
    expect((await sessionRow(session.sessionId))?.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it("leave an ended session out of the user's list of sessions at once", async () => {
    await setAuth(t, { sessionIdleMinutes: 30 });
    const user = await createUser(t);
    const [idle, busy] = [await signedInAs(user), await signedInAs(user)];
    await ageSession(idle.sessionId, { lastUsedAt: ago(31 * 60_000) });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/permission/users/self/sessions',
      headers: bearer(busy.tokens.access_token),
    });
    expect(listed.json<{ id: string }[]>().map((session) => session.id)).toEqual([busy.sessionId]);
  });

  it('end a session not remembered sessionAbsoluteHours after sign-in, however busy; also at /oauth/authorize', async () => {
    await setAuth(t, { sessionAbsoluteHours: 2 });
    const session = await signedIn();
    await ageSession(session.sessionId, { createdAt: ago(HOUR_MS) });
    expect((await refresh(session.tokens.refresh_token)).statusCode).toBe(200);

    const busy = await signedIn();
    await ageSession(busy.sessionId, { createdAt: ago(2 * HOUR_MS + 60_000) });
    const authorize = await t.app.inject({
      method: 'GET',
      url: authorizeUrl(t, pkce().challenge),
      cookies: { [SESSION_COOKIE]: busy.cookie },
    });
    expect(authorize.headers.location).toMatch(/^\/login\?return_to=/);
    await expectEnded(busy);
  });

  it('cut the access token at the end of its session', async () => {
    await setAuth(t, { sessionAbsoluteHours: 1, accessTokenMinutes: 30 });
    const session = await signedIn();
    await ageSession(session.sessionId, { createdAt: ago(HOUR_MS - 5 * 60_000) });
    const refreshed = (await refresh(session.tokens.refresh_token)).json<TokenResponse>();
    expect(refreshed.expires_in).toBeLessThanOrEqual(5 * 60);
    expect(refreshed.expires_in).toBeGreaterThan(4 * 60);
  });

  it('let a remembered session live refreshTokenDays, and no refresh-token chain longer', async () => {
    await setAuth(t, { sessionAbsoluteHours: 1, refreshTokenDays: 2 });
    const remembered = await signedIn(true);
    await ageSession(remembered.sessionId, { createdAt: ago(3 * HOUR_MS) });
    const refreshed = await refresh(remembered.tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);

    await t.database.db
      .update(refreshChains)
      .set({ createdAt: ago(49 * HOUR_MS) })
      .where(eq(refreshChains.sessionId, remembered.sessionId));
    const refused = await refresh(refreshed.json<TokenResponse>().refresh_token);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token has expired: sign in again' });
  });
});
