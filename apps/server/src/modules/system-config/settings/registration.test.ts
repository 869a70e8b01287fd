import { PORTAL_SYSTEM_ID, REGISTRATION_SETTINGS, type OAuthConfig } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { nextAddress, setSignInOptions, signedInUser } from '../../../../test/factories/account.ts';
import { permissionApi as api } from '../../../../test/factories/identity.ts';
import { settings, settingVersions } from '../tables.ts';
import { users } from '../../../../test/tables.ts';
import { moveRegistrationSwitches } from './registration.ts';
import { currentState } from './store.ts';

const { t } = appPerFile();

const signInOptions = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/config' });
  expect(response.statusCode).toBe(200);
  return response.json<OAuthConfig>().signInOptions;
};

describe('registration settings in the public sign-in configuration', () => {
  it('reports registration off by default', async () => {
    expect(await signInOptions()).toMatchObject({ registration: false, registrationCaptcha: false });
    expect(await t.app.modules.systemConfig.registrationSettings()).toEqual({ enabled: false, captchaRequired: false });
  });

  it('follows the auth settings at once, with the captcha flag only while registration is on', async () => {
    await setSignInOptions(t, { registration: false, registrationCaptcha: true });
    expect(await signInOptions()).toMatchObject({ registration: false, registrationCaptcha: false });
    await setSignInOptions(t, { registration: true });
    expect(await signInOptions()).toMatchObject({ registration: true, registrationCaptcha: true });
    await setSignInOptions(t, { registrationCaptcha: false });
    expect(await signInOptions()).toMatchObject({ registration: true, registrationCaptcha: false });
    await setSignInOptions(t, { registration: false });
    expect((await signInOptions()).registration).toBe(false);
  });

  it('agrees with what the registration route accepts', async () => {
    await setSignInOptions(t, { registration: false, registrationCaptcha: false });
    const body = { username: 'agreeing-one', name: 'Agreeing One', email: 'agreeing-one@example.test', password: 'a-fine-password' };
    const register = () =>
      t.app.inject({ method: 'POST', url: api('/users/open/registered'), payload: body, remoteAddress: nextAddress() });
    expect((await signInOptions()).registration).toBe(false);
    expect((await register()).statusCode).toBe(403);
    await setSignInOptions(t, { registration: true });
    expect((await signInOptions()).registration).toBe(true);
    expect((await register()).statusCode).toBe(201);
    expect(await t.app.modules.systemConfig.registrationSettings()).toEqual({ enabled: true, captchaRequired: false });
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
    await setSignInOptions(t, { registration: true });
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
    await setSignInOptions(t, { registration: true });
    await signedInUser(t, { phone: '+1 555 0100' });
    const taken = await register(newcomer('c', '+1-555-0100'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'phone' } });
    expect(await t.database.db.select().from(users).where(eq(users.username, 'phone-c'))).toEqual([]);
    expect((await register(newcomer('d', 'not a phone'))).statusCode).toBe(400);
  });
});

describe('the registration switches of the old settings table', () => {
  const oldKeys = [REGISTRATION_SETTINGS.enabled, REGISTRATION_SETTINGS.captchaRequired];
  const oldRows = () => t.database.db.select().from(settings).where(inArray(settings.key, oldKeys));
  const authVersions = () =>
    t.database.db.select().from(settingVersions).where(eq(settingVersions.section, 'auth')).orderBy(settingVersions.version);

  it('are moved at start-up into the first version of the auth settings, only a JSON true counting as on', async () => {
    await t.database.db.delete(settingVersions).where(eq(settingVersions.section, 'auth'));
    await t.database.db.insert(settings).values([
      { key: REGISTRATION_SETTINGS.enabled, value: true },
      { key: REGISTRATION_SETTINGS.captchaRequired, value: 1 },
    ]);
    await moveRegistrationSwitches(t.database.db);
    const auth = await currentState(t.database.db, 'auth');
    expect(auth.version).toBe(1);
    expect(auth.value.signInOptions).toMatchObject({ registration: true, registrationCaptcha: false, password: true });
    expect((await authVersions())[0]).toMatchObject({ systemId: PORTAL_SYSTEM_ID, changedBy: null, restoredFrom: null });
    expect(await oldRows()).toEqual([]);
  });

  it('are dropped unread once the auth settings have a version', async () => {
    await t.database.db.insert(settings).values({ key: REGISTRATION_SETTINGS.enabled, value: false });
    await moveRegistrationSwitches(t.database.db);
    expect((await authVersions()).map((row) => row.version)).toEqual([1]);
    expect((await currentState(t.database.db, 'auth')).value.signInOptions.registration).toBe(true);
    expect(await oldRows()).toEqual([]);
    // Nothing to move: nothing changes.
    await moveRegistrationSwitches(t.database.db);
    expect((await authVersions()).length).toBe(1);
  });
});
