import { asSystem } from '../../../platform/db/actor.ts';
import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, bearer, createUser, tokensFor } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { nextAddress, signedInUser } from '../../../../test/factories/account.ts';
import { auditOf } from '../../../../test/factories/identity.ts';
import { enrolTotp, totpCode } from '../../../../test/factories/totp.ts';
import { users } from '../../../../test/tables.ts';
import { DEFAULT_ACCOUNT_LIMITS } from './failures.ts';

const { t } = appPerFile();
afterEach(() => vi.useRealTimers());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload: { username, password }, remoteAddress: nextAddress() });
const codeStep = (ticket: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt/totp', payload: { ticket, code }, remoteAddress: nextAddress() });
const changePassword = (payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/reception-center/oauth/password', payload, remoteAddress: nextAddress() });
const hasSession = (response: { cookies: { name: string }[] }) => response.cookies.some((cookie) => cookie.name === SESSION_COOKIE);
const expire = (userId: string) =>
  asSystem(t.database.db, (db) => db.update(users).set({ passwordExpired: true }).where(eq(users.id, userId)));

describe('an expired password', () => {
  it('starts no session until it is changed with PUT /oauth/password, which signs out old sessions', async () => {
    const user = await createUser(t);
    const before = await tokensFor(t, user.username, user.password);
    await expire(user.id);
    const refused = await signIn(user.username, user.password);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ passwordExpired: true });
    expect(hasSession(refused)).toBe(false);
    // A wrong password still says only that.
    expect((await signIn(user.username, 'wrong-password')).json().code).toBe('INVALID_CREDENTIALS');

    const changed = await changePassword({ username: user.username, oldPassword: user.password, newPassword: 'a-fresh-password-1' });
    expect(changed.statusCode).toBe(200);
    const signedIn = await signIn(user.username, 'a-fresh-password-1');
    expect(signedIn.json()).toEqual({ redirect: '/' });
    expect(hasSession(signedIn)).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: '/api/permission/users/self', headers: bearer(before.access_token) });
    expect(old.statusCode).toBe(401);
    const [entry] = await auditOf(t, 'users.password.update', user.id);
    expect(entry).toMatchObject({
      actorId: user.id,
      before: { passwordExpired: true },
      after: { passwordExpired: false, sessionsRevoked: 1 },
    });
  });

  it('is what an administrator-set password is', async () => {
    const user = await createUser(t);
    const admin = await tokensFor(t, 'admin', ADMIN_PASSWORD);
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/permission/users/${user.id}/password`,
      headers: bearer(admin.access_token),
      payload: { password: 'set-by-admin-1' },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(user.username, 'set-by-admin-1')).json()).toEqual({ passwordExpired: true });
  });

  it('asks for a captcha after repeated wrong current passwords, as sign-in does, and accepts a solved one', async () => {
    const user = await createUser(t);
    const body = { username: user.username, oldPassword: 'not-the-password', newPassword: 'a-fresh-password-3' };
    for (let i = 0; i < DEFAULT_ACCOUNT_LIMITS.captchaAfter; i++)
      expect((await changePassword(body)).json().code).toBe('INVALID_CREDENTIALS');
    const right = { ...body, oldPassword: user.password };
    expect((await changePassword(right)).json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', details: { captchaRequired: true } });
    const captcha = await t.app.modules.receptionCenter.captchas.issue();
    const solved = await changePassword({ ...right, captchaId: captcha.captchaId, captchaCode: captcha.answer });
    expect(solved.statusCode).toBe(200);
  });

  it('refuses a new password equal to the username', async () => {
    const user = await createUser(t, { username: `sam-${Date.now()}` });
    const same = await changePassword({ username: user.username, oldPassword: user.password, newPassword: user.username.toUpperCase() });
    expect(same.json()).toMatchObject({ code: 'PASSWORD_POLICY', details: { field: 'password' } });
  });

  it('comes after the code step, and its change needs a fresh code when the account has an app', async () => {
    let now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const nextStep = () => {
      now += 30_000;
      vi.setSystemTime(now);
    };
    const user = await signedInUser(t);
    const secret = await enrolTotp(t, user);
    await expire(user.id);
    nextStep();

    const first = await signIn(user.username, user.password);
    expect(first.json()).toMatchObject({ totpRequired: true });
    const second = await codeStep(first.json().ticket, totpCode(secret));
    expect(second.json()).toEqual({ passwordExpired: true });
    expect(hasSession(second)).toBe(false);

    const body = { username: user.username, oldPassword: user.password, newPassword: 'a-fresh-password-2' };
    expect((await changePassword(body)).json()).toMatchObject({ code: 'TOTP_REQUIRED', details: { field: 'code' } });
    // The code the sign-in used is spent.
    expect((await changePassword({ ...body, code: totpCode(secret) })).json().code).toBe('TOTP_INVALID');
    nextStep();
    const accepted = await changePassword({ ...body, code: totpCode(secret) });
    expect(accepted.statusCode, accepted.body).toBe(200);

    nextStep();
    const again = await signIn(user.username, 'a-fresh-password-2');
    const done = await codeStep(again.json().ticket, totpCode(secret));
    expect(done.json()).toEqual({ redirect: '/' });
    expect(hasSession(done)).toBe(true);
  });
});
