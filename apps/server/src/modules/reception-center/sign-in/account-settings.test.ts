import { SESSION_COOKIE } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/app.ts';
import { nextAddress } from '../../../../test/factories/account.ts';
import { useAdminApp } from '../../../../test/factories/identity.ts';
import { restoreDefaultSettings, setAuth, setSafe } from '../../../../test/factories/settings.ts';
import { users } from '../../../../test/tables.ts';
import { asSystem } from '../../../platform/db/actor.ts';

/** The failure limits and the password's age follow the settings, from the next sign-in on. */

const { t, api } = useAdminApp();
afterEach(() => restoreDefaultSettings(t));

const signIn = (payload: object, ip = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/reception-center/oauth/jwt', payload, remoteAddress: ip });

async function solved() {
  const captcha = await t.app.modules.receptionCenter.captchas.issue();
  return { captchaId: captcha.captchaId, captchaCode: captcha.answer };
}

describe('the lockout settings', () => {
  it('lock the account after afterFailures for lockout.minutes, say so, and an administrator unlock lets the owner in', async () => {
    await setSafe(t, { lockout: { afterFailures: 3, minutes: 7 } });
    const user = await createUser(t);
    for (let i = 0; i < 2; i++)
      expect((await signIn({ username: user.username, password: 'wrong-one', ...(await solved()) })).statusCode).toBe(400);
    expect((await signIn({ username: user.username, password: user.password, ...(await solved()) })).statusCode).toBe(200);
    // The owner's success started the count again: three more failures lock it.
    for (let i = 0; i < 3; i++) await signIn({ username: user.username, password: 'wrong-one', ...(await solved()) });

    const locked = await signIn({ username: user.username, password: user.password, ...(await solved()) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', details: { lockedMinutes: 7 } });
    expect(locked.json().message).toBe(
      'The account is locked after too many failed sign-ins: try again in 7 minute(s), or ask an administrator to unlock it.',
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(6 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(7 * 60);

    expect((await api.delete(`/users/${user.id}/lock`)).statusCode).toBe(200);
    expect((await signIn({ username: user.username, password: user.password, ...(await solved()) })).statusCode).toBe(200);
  });
});

describe('the captcha threshold', () => {
  it('asks for a captcha after captchaAfterFailures on the account, as changed a moment ago', async () => {
    const user = await createUser(t);
    const ip = nextAddress();
    await setAuth(t, { captchaAfterFailures: 1 });
    expect((await signIn({ username: user.username, password: 'wrong-one' }, ip)).json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: { captchaRequired: true },
    });
    expect((await signIn({ username: user.username, password: user.password }, nextAddress())).json().code).toBe('CAPTCHA_REQUIRED');

    await setAuth(t, { captchaAfterFailures: 5 });
    expect((await signIn({ username: user.username, password: user.password }, nextAddress())).statusCode).toBe(200);
  });
});

describe('the password expiry', () => {
  it('asks a password older than expiryDays to be replaced (PUT /oauth/password) before any session', async () => {
    const user = await createUser(t);
    await asSystem(t.database.db, (db) =>
      db
        .update(users)
        .set({ passwordChangedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
        .where(eq(users.id, user.id)),
    );
    expect((await signIn({ username: user.username, password: user.password })).json()).toEqual({ redirect: '/' });
    await setSafe(t, { password: { expiryDays: 30 } });
    const expired = await signIn({ username: user.username, password: user.password });
    expect(expired.json()).toEqual({ passwordExpired: true });
    expect(expired.cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/reception-center/oauth/password',
      payload: { username: user.username, oldPassword: user.password, newPassword: 'a-brand-new-one-1' },
      remoteAddress: nextAddress(),
    });
    expect(changed.statusCode).toBe(200);
    expect((await signIn({ username: user.username, password: 'a-brand-new-one-1' })).json()).toEqual({ redirect: '/' });
  });
});
