import { AppError } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/crypto.ts';
import type { UserDirectory, UserRow } from '../../permission/index.ts';
import type { Captchas } from './captcha.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { FailureCounter } from './failures.ts';

export interface Credentials {
  username: string;
  password: string;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
  behaviorToken?: string | undefined;
}

const INVALID = 'The username or password is incorrect';

/** The 429 of a locked account (or address): says that it is locked, why, and for how long. */
export const lockedError = (seconds: number, failed = 'failed sign-ins') => {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'ACCOUNT_LOCKED',
    `The account is locked after too many ${failed}: try again in ${minutes} minute(s), or ask an administrator to unlock it.`,
    { retryAfterSeconds: seconds, lockedMinutes: minutes },
    { 'retry-after': String(seconds) },
  );
};

/** Where a sign-in attempt comes from: the address, and the browser's device cookie if it sent one. */
export interface SignInClient {
  ip: string;
  deviceCookie?: string | undefined;
}

/**
 * Checks a username and password with the captcha and lockout rules. The error never tells whether
 * the account exists: unknown users cost the same time and count failures the same way. A device
 * cookie issued to this browser for this username makes it a trusted browser (failures.ts).
 */
export function createPasswordCheck(deps: {
  directory: UserDirectory;
  captchas: Captchas;
  failures: FailureCounter;
  devices: DeviceCookies;
}) {
  const { directory, captchas, failures, devices } = deps;

  async function captchaSolved(credentials: Credentials): Promise<boolean> {
    if (credentials.behaviorToken) return captchas.redeemBehaviorToken(credentials.behaviorToken);
    if (credentials.captchaId && credentials.captchaCode) {
      return captchas.solve(credentials.captchaId, credentials.captchaCode);
    }
    return false;
  }

  return async function check(credentials: Credentials, client: SignInClient): Promise<UserRow> {
    const { ip } = client;
    const device = devices.deviceFor(client.deviceCookie, credentials.username);
    const state = await failures.state(credentials.username, ip, device);
    if (state.lockedForSeconds > 0) throw lockedError(state.lockedForSeconds);
    if (state.captchaRequired && !(await captchaSolved(credentials))) {
      const given = Boolean(credentials.captchaCode || credentials.behaviorToken);
      throw new AppError(
        given ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED',
        given ? 'The verification code is wrong or has expired' : 'Enter the verification code',
        { captchaRequired: true },
      );
    }
    const user = await directory.byUsername(credentials.username);
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, credentials.password);
    if (!user || !passwordOk || !user.actived) {
      await failures.recordFailure(credentials.username, ip, device);
      const next = await failures.state(credentials.username, ip, device);
      // The failure that locks says so at once (unknown usernames lock the same way: nothing leaks).
      if (next.lockedForSeconds > 0) throw lockedError(next.lockedForSeconds);
      throw new AppError('INVALID_CREDENTIALS', INVALID, { captchaRequired: next.captchaRequired });
    }
    await failures.recordSuccess(credentials.username, ip, device);
    return user;
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
