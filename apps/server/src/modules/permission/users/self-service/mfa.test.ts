import { PORTAL_CLIENT_ID } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, signIn, tokenRequest, tokensFor } from '../../../../../test/app.ts';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { mfaToken, nextAddress, signedInUser } from '../../../../../test/factories/account.ts';
import { auditOf, permissionApi as api, userRow } from '../../../../../test/factories/identity.ts';
import { sha256 } from '../../../../platform/crypto.ts';
import { mfaTokens, users } from '../../tables.ts';
import { DEFAULT_ACCOUNT_LIMITS } from '../../../../../test/tables.ts';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t } = appPerFile();

const askMfa = (headers: Record<string, string>, payload: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: api('/users/self/mfa'), headers, payload: payload as object, remoteAddress });
const change = (what: 'email' | 'phone' | 'password', headers: Record<string, string>, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: api(`/users/${what}?mfa_token=${encodeURIComponent(token)}`), headers, payload });

describe('POST /users/self/mfa', () => {
  it('issues a five-minute token for the right password, stored only as its hash', async () => {
    const user = await signedInUser(t);
    const response = await askMfa(user.headers, { password: user.password, purpose: 'email' });
    expect(response.statusCode).toBe(200);
    const { mfa_token, expires_in } = response.json();
    expect(expires_in).toBe(300);
    const [row] = await t.database.db.select().from(mfaTokens).where(eq(mfaTokens.userId, user.id));
    expect(row).toMatchObject({ tokenHash: sha256(mfa_token), purpose: 'email', usedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(290_000);
    expect(await auditOf(t, 'users.mfa.issue', user.id)).toHaveLength(1);
  });

  it('refuses a wrong password and bad input, issuing nothing', async () => {
    const user = await signedInUser(t);
    const wrong = await askMfa(user.headers, { password: 'not-my-password', purpose: 'email' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The password is incorrect' });
    for (const payload of [
      { password: user.password },
      { password: user.password, purpose: 'everything' },
      { password: '', purpose: 'email' },
      { password: user.password, purpose: 'email', method: 'totp' },
    ]) {
      const response = await askMfa(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await t.database.db.select().from(mfaTokens).where(eq(mfaTokens.userId, user.id))).toEqual([]);
  });

  it('counts wrong passwords with sign-in failures and locks the account', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < DEFAULT_ACCOUNT_LIMITS.lockAccountAfter; i++) {
      expect((await askMfa(user.headers, { password: 'wrong-password', purpose: 'password' })).statusCode).toBe(400);
    }
    const locked = await askMfa(user.headers, { password: user.password, purpose: 'password' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    const signInAttempt = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      payload: { username: user.username, password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(signInAttempt.json().code).toBe('ACCOUNT_LOCKED');
  });
});

describe('PATCH /users/email and /users/phone', () => {
  it('changes the email once per token and records who did it', async () => {
    const user = await signedInUser(t, { email: 'before@example.test' });
    const token = await mfaToken(t, user.headers, user.password, 'email');
    const first = await change('email', user.headers, token, { email: 'after@example.test' });
    expect(first.statusCode).toBe(200);
    expect((await userRow(t, user.id)).email).toBe('after@example.test');
    const me = await t.app.inject({ method: 'GET', url: api('/users/self'), headers: user.headers });
    expect(me.json().email).toBe('after@example.test');
    const [entry] = await auditOf(t, 'users.email.update', user.id);
    expect(entry).toMatchObject({ actorId: user.id, before: { email: 'before@example.test' }, after: { email: 'after@example.test' } });

    const again = await change('email', user.headers, token, { email: 'third@example.test' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
    expect((await userRow(t, user.id)).email).toBe('after@example.test');
  });

  it('refuses a token of another purpose, another user, an unknown or an expired one', async () => {
    const user = await signedInUser(t, { email: 'mine@example.test' });
    const other = await signedInUser(t);
    const forPhone = await mfaToken(t, user.headers, user.password, 'phone');
    const othersToken = await mfaToken(t, other.headers, other.password, 'email');
    const expired = await mfaToken(t, user.headers, user.password, 'email');
    await t.database.db
      .update(mfaTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaTokens.tokenHash, sha256(expired)));
    const cases: [string, RegExp][] = [
      [forPhone, /issued for changing the phone/],
      [othersToken, /not valid/],
      ['made-up-token', /not valid/],
      [expired, /expired/],
    ];
    for (const [token, message] of cases) {
      const response = await change('email', user.headers, token, { email: 'stolen@example.test' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(message),
        details: { field: 'mfa_token' },
      });
    }
    expect((await userRow(t, user.id)).email).toBe('mine@example.test');
    // The other user's token was not spent by the refused attempt.
    expect((await change('email', other.headers, othersToken, { email: 'other-new@example.test' })).statusCode).toBe(200);
  });

  it('answers 409 for an email or phone in use (any case or spacing), leaving the token unspent', async () => {
    await signedInUser(t, { email: 'Taken@Example.test', phone: '+44 7700 900001' });
    const user = await signedInUser(t, { email: 'free@example.test' });
    const token = await mfaToken(t, user.headers, user.password, 'email');
    const taken = await change('email', user.headers, token, { email: 'taken@example.TEST' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'email' } });
    expect((await change('email', user.headers, token, { email: 'fine@example.test' })).statusCode).toBe(200);

    const phoneToken = await mfaToken(t, user.headers, user.password, 'phone');
    const phoneTaken = await change('phone', user.headers, phoneToken, { phone: '+447700-900001' });
    expect(phoneTaken.statusCode).toBe(409);
    expect(phoneTaken.json().details).toEqual({ field: 'phone' });
    expect((await change('phone', user.headers, phoneToken, { phone: '+44 7700 900002' })).statusCode).toBe(200);
    expect((await userRow(t, user.id)).phone).toBe('+447700900002');
    expect(await auditOf(t, 'users.phone.update', user.id)).toHaveLength(1);
  });

  it('refuses malformed values and a missing token without spending it', async () => {
    const user = await signedInUser(t, { email: 'valid@example.test' });
    const token = await mfaToken(t, user.headers, user.password, 'email');
    expect((await change('email', user.headers, token, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await change('email', user.headers, token, {})).statusCode).toBe(400);
    const noToken = await t.app.inject({
      method: 'PATCH',
      url: api('/users/email'),
      headers: user.headers,
      payload: { email: 'a@b.test' },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().details).toEqual({ field: 'querystring.mfa_token' });
    const phoneToken = await mfaToken(t, user.headers, user.password, 'phone');
    expect((await change('phone', user.headers, phoneToken, { phone: 'call me' })).statusCode).toBe(400);
    expect((await userRow(t, user.id)).email).toBe('valid@example.test');
    expect((await change('email', user.headers, token, { email: 'later@example.test' })).statusCode).toBe(200);
  });
});

describe('PATCH /users/password', () => {
  it('sets the password, clears the expired flag and signs out every other session', async () => {
    const user = await signedInUser(t);
    // A second session of the same user, e.g. another browser.
    const elsewhere = await signedInUser(t);
    // Two more sessions: one only signed in at the authorization server, one holding tokens.
    await signIn(t.app, user.username, user.password);
    const second = await tokensFor(t, user.username, user.password);
    // Expired after those sign-ins (an expired password starts no new session).
    await asSystem(t.database.db, (db) => db.update(users).set({ passwordExpired: true }).where(eq(users.id, user.id)));

    const token = await mfaToken(t, user.headers, user.password, 'password');
    const response = await change('password', user.headers, token, { password: 'brand-new-password' });
    expect(response.statusCode).toBe(200);
    expect((await userRow(t, user.id)).passwordExpired).toBe(false);

    const self = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: api('/users/self'), headers });
    expect((await self(user.headers)).statusCode).toBe(200);
    expect((await self(bearer(second.access_token))).statusCode).toBe(401);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: second.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
    const own = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: user.tokens.refresh_token,
    });
    expect(own.statusCode).toBe(200);
    // Someone else's sessions are untouched.
    expect((await self(elsewhere.headers)).statusCode).toBe(200);

    const signInWith = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reception-center/oauth/jwt',
        payload: { username: user.username, password },
        remoteAddress: nextAddress(),
      });
    expect((await signInWith(user.password)).statusCode).toBe(400);
    expect((await signInWith('brand-new-password')).statusCode).toBe(200);

    const [entry] = await auditOf(t, 'users.password.update', user.id);
    expect(entry).toMatchObject({ actorId: user.id, after: { passwordExpired: false, sessionsRevoked: 2 } });
    expect(JSON.stringify(entry)).not.toContain('brand-new-password');
  });

  it('refuses a password breaking the policy and keeps the old one and the token', async () => {
    const user = await createUser(t, { username: `policy-${Date.now()}` });
    const headers = bearer((await tokensFor(t, user.username, user.password)).access_token);
    const token = await mfaToken(t, headers, user.password, 'password');
    const hashBefore = (await userRow(t, user.id)).passwordHash;
    const same = await change('password', headers, token, { password: user.username.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'PASSWORD_POLICY', details: { field: 'password' } });
    expect((await change('password', headers, token, { password: 'short' })).statusCode).toBe(400);
    expect((await userRow(t, user.id)).passwordHash).toBe(hashBefore);
    expect(await auditOf(t, 'users.password.update', user.id)).toEqual([]);
    expect((await change('password', headers, token, { password: 'a-good-password' })).statusCode).toBe(200);
    expect((await change('password', headers, token, { password: 'another-good-one' })).json().message).toMatch(/already been used/);
  });
});
