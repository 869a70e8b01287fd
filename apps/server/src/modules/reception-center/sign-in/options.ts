import type { SignInOptions } from '@portal/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { ReceptionCenter } from '../context.ts';

const NAMES = { password: 'Sign-in with a password', qr: 'Sign-in by QR code', smsCode: 'Sign-in with a code sent by SMS' } as const;

/**
 * Refuses a way of signing in that the auth settings' `signInOptions` switch off (403
 * SIGN_IN_OPTION_OFF, `details.option`), as the sign-in configurations report it.
 */
export async function assertSignInOption(rc: ReceptionCenter, option: keyof typeof NAMES & keyof SignInOptions): Promise<void> {
  const { signInOptions } = await rc.systemConfig().settings.auth();
  if (!signInOptions[option]) {
    throw new AppError('SIGN_IN_OPTION_OFF', `${NAMES[option]} is switched off for this portal`, { option });
  }
}

/** What a user whose first factor is right must do before a session starts: give a code, set up an app, or nothing. */
export async function secondFactorStep(rc: ReceptionCenter, userId: string): Promise<'code' | 'enrol' | 'none'> {
  if (await rc.totp.isEnrolled(userId)) return 'code';
  return (await rc.permission.mfaRequiredFor(userId)) ? 'enrol' : 'none';
}
