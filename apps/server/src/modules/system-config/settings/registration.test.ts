import { REGISTRATION_SETTINGS, type OAuthConfig } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { nextAddress, setSetting, signedInUser } from '../../../../test/factories/account.ts';
import { permissionApi as api } from '../../../../test/factories/identity.ts';
import { settings } from '../tables.ts';
import { users } from '../../../../test/tables.ts';
import { registrationSettings } from './registration.ts';

const { t } = appPerFile();

const signInOptions = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/config' });
  expect(response.statusCode).toBe(200);
  return response.json<OAuthConfig>().signInOptions;
};
const clearSettings = () =>
  t.database.db
    .delete(settings)
    .where(sql`${settings.key} in (${REGISTRATION_SETTINGS.enabled}, ${REGISTRATION_SETTINGS.captchaRequired})`);

describe('registration settings in the public sign-in configuration', () => {
  it('reports registration off while the setting is absent or not exactly true', async () => {
    await clearSettings();
    expect(await signInOptions()).toMatchObject({ registration: false, registrationCaptcha: false });
    for (const value of [false, 1, { on: true }]) {
      await setSetting(t, REGISTRATION_SETTINGS.enabled, value);
      expect((await signInOptions()).registration, JSON.stringify(value)).toBe(false);
    }
  });

  it('follows the setting at once, with the captcha flag only while registration is on', async () => {
    await clearSettings();
    await setSetting(t, REGISTRATION_SETTINGS.captchaRequired, true);
    expect(await signInOptions()).toMatchObject({ registration: false, registrationCaptcha: false });
    await setSetting(t, REGISTRATION_SETTINGS.enabled, true);
    expect(await signInOptions()).toMatchObject({ registration: true, registrationCaptcha: true });
    await setSetting(t, REGISTRATION_SETTINGS.captchaRequired, false);
    expect(await signInOptions()).toMatchObject({ registration: true, registrationCaptcha: false });
    await setSetting(t, REGISTRATION_SETTINGS.enabled, false);
    expect((await signInOptions()).registration).toBe(false);
  });

  it('agrees with what the registration route accepts', async () => {
    await clearSettings();
    const body = { username: 'agreeing-one', name: 'Agreeing One', email: 'agreeing-one@example.test', password: 'a-fine-password' };
    const register = () =>
      t.app.inject({ method: 'POST', url: api('/users/open/registered'), payload: body, remoteAddress: nextAddress() });
    expect((await signInOptions()).registration).toBe(false);
    expect((await register()).statusCode).toBe(403);
    await setSetting(t, REGISTRATION_SETTINGS.enabled, true);
    expect((await signInOptions()).registration).toBe(true);
    expect((await register()).statusCode).toBe(201);
    expect(await registrationSettings(t.database.db)).toEqual({ enabled: true, captchaRequired: false });
  });
});

describe('registering with a phone number', () => {
  const newcomer = (n: string, phone?: string) => ({
    username: `phone-${n}`,
    name: `Phone ${n}`,
    email: `phone-${n}@example.test`,
    password: 'a-fine-password',
    ...(phone === undefined ? {} : { phone }),
  });
  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: api('/users/open/registered'), payload, remoteAddress: nextAddress() });
  const phoneOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.phone;

  it('stores the phone without spaces and dashes, and the HEAD check then calls it taken', async () => {
    await setSetting(t, REGISTRATION_SETTINGS.enabled, true);
    const response = await register(newcomer('a', '+44 7700-900123'));
    expect(response.statusCode).toBe(201);
    expect(await phoneOf(response.json().id)).toBe('+447700900123');
    const check = await t.app.inject({ method: 'HEAD', url: api('/users/open/phone/+447700%20900123'), remoteAddress: nextAddress() });
    expect(check.statusCode).toBe(409);
    const without = await register(newcomer('b'));
    expect(without.statusCode).toBe(201);
    expect(await phoneOf(without.json().id)).toBeNull();
  });

  it('refuses a phone in use by another account with 409 naming the phone, creating nothing', async () => {
    await setSetting(t, REGISTRATION_SETTINGS.enabled, true);
    await signedInUser(t, { phone: '+1 555 0100' });
    const taken = await register(newcomer('c', '+1-555-0100'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'phone' } });
    expect(await t.database.db.select().from(users).where(eq(users.username, 'phone-c'))).toEqual([]);
    expect((await register(newcomer('d', 'not a phone'))).statusCode).toBe(400);
  });
});
