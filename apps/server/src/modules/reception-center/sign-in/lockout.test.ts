import { describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { DEFAULT_ACCOUNT_LIMITS, SIGN_IN_LIMITS } from './failures.ts';

/** The lockout's exception for the owner's browser (OWASP's device cookie), through the API. */

const { t } = appPerFile();

let address = 0;
const nextAddress = () => `10.2.0.${++address}`;

async function solved() {
  const captcha = await t.app.modules.receptionCenter.captchas.issue();
  return { captchaId: captcha.captchaId, captchaCode: captcha.answer };
}

async function signIn(body: { username: string; password: string }, ip: string, device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reception-center/oauth/jwt',
    payload: { ...body, ...(await solved()) },
    remoteAddress: ip,
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });
}

/** The device cookie a successful sign-in leaves in the browser. */
async function deviceCookieOf(user: { username: string; password: string }, ip = nextAddress()): Promise<string> {
  const response = await signIn(user, ip);
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/reception-center/oauth' });
  return String(cookie?.value);
}

/** Wrong passwords until a lock: each answers 400 but the one that locks, which says so (429). */
async function failUntilLocked(username: string, times: number, ip: string, device?: string) {
  for (let i = 1; i <= times; i++) {
    const response = await signIn({ username, password: 'wrong-password' }, ip, device);
    expect(response.json().code).toBe(i < times ? 'INVALID_CREDENTIALS' : 'ACCOUNT_LOCKED');
  }
}

describe("lockout and the owner's device cookie", () => {
  it("lets the owner's browser in while strangers have locked the account for everyone else", async () => {
    const user = await createUser(t);
    const home = nextAddress();
    const device = await deviceCookieOf(user, home);
    await failUntilLocked(user.username, DEFAULT_ACCOUNT_LIMITS.lockAccountAfter, nextAddress());

    const stranger = await signIn(user, nextAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().code).toBe('ACCOUNT_LOCKED');
    expect((await signIn(user, home)).json().code).toBe('ACCOUNT_LOCKED');

    // Strangers' failures ask the owner's browser for no captcha either.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/reception-center/oauth/behavior-token?username=${user.username}`,
      remoteAddress: home,
      cookies: { [DEVICE_COOKIE]: device },
    });
    expect(status.json()).toEqual({ captchaRequired: false });
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/reception-center/oauth/jwt',
      payload: { username: user.username, password: user.password },
      remoteAddress: home,
      cookies: { [DEVICE_COOKIE]: device },
    });
    expect(owner.statusCode).toBe(200);
    // The owner's success does not lift the strangers' lock.
    expect((await signIn(user, nextAddress())).json().code).toBe('ACCOUNT_LOCKED');
    // A renewed cookie keeps working.
    const renewed = String(owner.cookies.find((c) => c.name === DEVICE_COOKIE)?.value);
    expect(renewed).not.toBe(device);
    expect((await signIn(user, nextAddress(), renewed)).statusCode).toBe(200);
  });

  it('locks out a browser whose device cookie is used for guessing, and only that browser', async () => {
    const user = await createUser(t);
    const device = await deviceCookieOf(user);
    await failUntilLocked(user.username, SIGN_IN_LIMITS.lockDeviceAfter, nextAddress(), device);
    const locked = await signIn(user, nextAddress(), device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    // The guesses counted against that cookie, not the account: another browser of the owner's still signs in.
    expect((await signIn(user, nextAddress())).statusCode).toBe(200);
    expect((await signIn(user, nextAddress(), device)).statusCode).toBe(429);
  });

  it('gives no exception for a forged or tampered cookie, or one issued for another username', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const device = await deviceCookieOf(user);
    const othersDevice = await deviceCookieOf(other);
    await failUntilLocked(user.username, DEFAULT_ACCOUNT_LIMITS.lockAccountAfter, nextAddress());

    const [version, nonce, issued, name, mac] = device.split('.');
    const tampered = [version, nonce, issued, name, `${mac?.startsWith('A') ? 'B' : 'A'}${mac?.slice(1)}`].join('.');
    const forged = [version, 'A'.repeat(22), Math.floor(Date.now() / 1000), Buffer.from(user.username).toString('base64url'), mac].join(
      '.',
    );
    const renamed = othersDevice
      .split('.')
      .map((part, i) => (i === 3 ? Buffer.from(user.username).toString('base64url') : part))
      .join('.');
    for (const cookie of [othersDevice, tampered, forged, renamed, 'not-a-cookie']) {
      expect((await signIn(user, nextAddress(), cookie)).json().code).toBe('ACCOUNT_LOCKED');
    }
    expect((await signIn(user, nextAddress(), device)).statusCode).toBe(200);
  });

  it("counts an untrusted browser's failures per account and address as well", async () => {
    const user = await createUser(t);
    const guesser = nextAddress();
    await failUntilLocked(user.username, DEFAULT_ACCOUNT_LIMITS.lockAccountAfter, guesser);
    // An administrator's unlock (which deletes the account's count) lets the owner in again ...
    await t.app.modules.receptionCenter.failures.clearAccount(user.username);
    expect((await signIn(user, nextAddress())).statusCode).toBe(200);
    // ... but the guesser's address has used up its allowance: one more failure and it is locked again.
    await failUntilLocked(user.username, 1, guesser);
    expect((await signIn(user, guesser)).json().code).toBe('ACCOUNT_LOCKED');
    expect((await signIn(user, nextAddress())).statusCode).toBe(200);
  });
});
