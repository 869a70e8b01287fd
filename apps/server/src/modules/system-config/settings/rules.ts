import type { SettingsSection, SettingsValues } from '@portal/contracts';
import { badRequest } from '../../../platform/errors.ts';

/** What a section's schema cannot say: rules across its fields. A 400 names the field. */
export function assertConsistent<S extends SettingsSection>(section: S, value: SettingsValues[S]): void {
  if (section === 'auth') {
    const { signInOptions, sessionIdleMinutes, accessTokenMinutes } = value as SettingsValues['auth'];
    // A session's use is seen when its access token is refreshed: an idle limit shorter than a token's
    // life would end the sessions of people at work.
    if (sessionIdleMinutes > 0 && sessionIdleMinutes < accessTokenMinutes) {
      throw badRequest(`The idle limit must be 0 (none) or at least the access token lifetime (${accessTokenMinutes} minutes)`, {
        field: 'body.sessionIdleMinutes',
      });
    }
    // A QR sign-in is approved from a phone already signed in: on its own it lets nobody in.
    if (!signInOptions.password && !signInOptions.smsCode) {
      throw badRequest('Password or SMS-code sign-in must stay on', { field: 'body.signInOptions.password' });
    }
  }
  if (section === 'safe') {
    const { minLength, requireClasses } = (value as SettingsValues['safe']).password;
    const required = requireClasses.lower + requireClasses.upper + requireClasses.digit + requireClasses.symbol;
    if (required > minLength) {
      throw badRequest(`The character classes ask for ${required} characters, more than the minimum length ${minLength}`, {
        field: 'body.password.requireClasses',
      });
    }
  }
}

/**
 * SMS codes go out through a started SMS channel of the message centre (`smsAvailable` asks it):
 * without one, SMS sign-in would answer NOT_CONFIGURED, and with password sign-in off nobody could
 * get in. A 400 names the field.
 */
export async function assertSmsSignInPossible<S extends SettingsSection>(
  section: S,
  value: SettingsValues[S],
  smsAvailable: () => Promise<boolean>,
): Promise<void> {
  if (section !== 'auth' || !(value as SettingsValues['auth']).signInOptions.smsCode) return;
  if (!(await smsAvailable())) {
    throw badRequest('SMS-code sign-in needs a started SMS channel in the message centre: start one first', {
      field: 'body.signInOptions.smsCode',
    });
  }
}
