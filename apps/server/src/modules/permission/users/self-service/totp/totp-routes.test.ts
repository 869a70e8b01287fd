import { DEFAULT_PRODUCT_NAME } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerFile } from '../../../../../../test/factories/suite.ts';
import { mfaToken, nextAddress, signedInUser } from '../../../../../../test/factories/account.ts';
import { auditOf, permissionApi as api } from '../../../../../../test/factories/identity.ts';
import { putSettings } from '../../../../../../test/factories/settings.ts';
import { enrolTotp, totpCode } from '../../../../../../test/factories/totp.ts';
import { totpAuthenticators } from '../../../tables.ts';
import { asSystem } from '../../../../../platform/db/actor.ts';

const { t } = appPerFile();
afterEach(() => vi.useRealTimers());

type Headers = Record<string, string>;
const status = (headers: Headers) => t.app.inject({ method: 'GET', url: api('/users/self/totp'), headers });
const start = (headers: Headers, token: string) =>
  t.app.inject({ method: 'POST', url: api(`/users/self/totp?mfa_token=${encodeURIComponent(token)}`), headers });
const confirm = (headers: Headers, code: string) =>
  t.app.inject({ method: 'POST', url: api('/users/self/totp/confirm'), headers, payload: { code } });
const remove = (headers: Headers, token: string) =>
  t.app.inject({ method: 'DELETE', url: api(`/users/self/totp?mfa_token=${encodeURIComponent(token)}`), headers });
const askMfa = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: api('/users/self/mfa'), headers, payload, remoteAddress: nextAddress() });
const passwordSignIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload: { username, password }, remoteAddress: nextAddress() });
const rowOf = async (userId: string) =>
  (await t.database.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId)))[0];

/** Freezes Date at a moment and moves it on one TOTP step at a time, so each step gives a fresh code. */
function steppedClock() {
  let now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return () => {
    now += 30_000;
    vi.setSystemTime(now);
  };
}

describe('setting up an authenticator app', () => {
  it("names the system's configured name as the issuer the app shows", async () => {
    await putSettings(t, 'base', { systemName: 'Acme Workspace' });
    try {
      const user = await signedInUser(t);
      const started = await start(user.headers, await mfaToken(t, user.headers, user.password, 'totp'));
      expect(new URL(started.json().otpauthUrl).searchParams.get('issuer')).toBe('Acme Workspace');
    } finally {
      await putSettings(t, 'base', {});
    }
  });

  it('starts with an mfa_token of purpose totp, keeps the secret sealed, and enrols on the right code', async () => {
    const user = await signedInUser(t);
    expect((await status(user.headers)).json()).toEqual({ enrolled: false, enrolledAt: null });

    const started = await start(user.headers, await mfaToken(t, user.headers, user.password, 'totp'));
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl, expiresIn } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(expiresIn).toBe(600);
    const url = new URL(otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    expect(url.searchParams.get('issuer')).toBe(DEFAULT_PRODUCT_NAME);

    const pending = await rowOf(user.id);
    expect(pending?.confirmedAt).toBeNull();
    expect(pending?.secretSealed).not.toContain(secret);
    // Pending: sign-in still needs the password only.
    expect((await status(user.headers)).json().enrolled).toBe(false);
    expect((await passwordSignIn(user.username, user.password)).json()).toHaveProperty('redirect');

    const wrong = await confirm(user.headers, String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID', details: { field: 'code' } });

    const done = await confirm(user.headers, totpCode(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ enrolled: true, enrolledAt: expect.any(String) });
    expect((await status(user.headers)).json()).toEqual(done.json());
    expect(await auditOf(t, 'users.totp.enrol', user.id)).toHaveLength(1);
    expect(JSON.stringify(await auditOf(t, 'users.totp.start', user.id))).not.toContain(secret);
    expect((await passwordSignIn(user.username, user.password)).json()).toMatchObject({ totpRequired: true });
  });

  it('refuses to start without an mfa_token of purpose totp, spending nothing', async () => {
    const user = await signedInUser(t);
    const missing = await t.app.inject({ method: 'POST', url: api('/users/self/totp'), headers: user.headers });
    expect(missing.statusCode).toBe(400);
    const forEmail = await mfaToken(t, user.headers, user.password, 'email');
    expect((await start(user.headers, forEmail)).json().message).toMatch(/issued for changing the email/);
    expect(await rowOf(user.id)).toBeUndefined();
  });

  it('refuses a confirmation without a set-up in progress, or after it expired', async () => {
    const user = await signedInUser(t);
    expect((await confirm(user.headers, '123456')).json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'code' } });
    const { secret } = (await start(user.headers, await mfaToken(t, user.headers, user.password, 'totp'))).json();
    await asSystem(t.database.db, (db) =>
      db
        .update(totpAuthenticators)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(totpAuthenticators.userId, user.id)),
    );
    const late = await confirm(user.headers, totpCode(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
    expect((await confirm(user.headers, 'abcdef')).statusCode).toBe(400);
  });

  it('replaces a pending secret when started again, and refuses to start over a confirmed one', async () => {
    const user = await signedInUser(t);
    const first = (await start(user.headers, await mfaToken(t, user.headers, user.password, 'totp'))).json().secret;
    const second = (await start(user.headers, await mfaToken(t, user.headers, user.password, 'totp'))).json().secret;
    expect(second).not.toBe(first);
    expect((await confirm(user.headers, totpCode(first))).statusCode).toBe(400);
    expect((await confirm(user.headers, totpCode(second))).statusCode).toBe(200);

    const token = await mfaToken(t, user.headers, user.password, 'totp');
    const again = await start(user.headers, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    // The refused start left the token unspent: it can still remove the app.
    expect((await remove(user.headers, token)).statusCode).toBe(200);
  });
});

describe('the totp method of POST /users/self/mfa', () => {
  it('issues an mfa_token for a current code, once per code', async () => {
    const nextStep = steppedClock();
    const user = await signedInUser(t);
    const secret = await enrolTotp(t, user);
    // The enrolment spent this step's code.
    const replay = await askMfa(user.headers, { method: 'totp', code: totpCode(secret), purpose: 'email' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'TOTP_INVALID', details: { field: 'code' } });

    nextStep();
    const code = totpCode(secret);
    const issued = await askMfa(user.headers, { method: 'totp', code, purpose: 'email' });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().mfa_token).toEqual(expect.any(String));
    expect((await askMfa(user.headers, { method: 'totp', code, purpose: 'email' })).json().code).toBe('TOTP_INVALID');
    // The password stays a way to prove it is you.
    expect((await askMfa(user.headers, { password: user.password, purpose: 'email' })).statusCode).toBe(200);
  });

  it('needs a code for the totp method, and refuses it for a user without an app', async () => {
    const user = await signedInUser(t);
    const missing = await askMfa(user.headers, { method: 'totp', purpose: 'email' });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body.code' } });
    const noPassword = await askMfa(user.headers, { purpose: 'email' });
    expect(noPassword.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'body.password' } });
    expect((await askMfa(user.headers, { method: 'totp', code: '123456', purpose: 'email' })).json().code).toBe('TOTP_INVALID');
  });
});

describe('removing the authenticator app', () => {
  it('needs an mfa_token (here got with a code) and brings back password-only sign-in', async () => {
    const nextStep = steppedClock();
    const user = await signedInUser(t);
    const secret = await enrolTotp(t, user);
    expect((await remove(user.headers, 'made-up')).statusCode).toBe(400);
    nextStep();
    const issued = await askMfa(user.headers, { method: 'totp', code: totpCode(secret), purpose: 'totp' });
    const removed = await remove(user.headers, issued.json().mfa_token);
    expect(removed.statusCode).toBe(200);
    expect(await rowOf(user.id)).toBeUndefined();
    expect((await status(user.headers)).json()).toEqual({ enrolled: false, enrolledAt: null });
    expect(await auditOf(t, 'users.totp.remove', user.id)).toHaveLength(1);
    expect((await passwordSignIn(user.username, user.password)).json()).toHaveProperty('redirect');

    const nothing = await remove(user.headers, await mfaToken(t, user.headers, user.password, 'totp'));
    expect(nothing.statusCode).toBe(404);
  });
});
