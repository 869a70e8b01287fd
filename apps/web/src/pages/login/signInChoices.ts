import type { OAuthConfig, OpenSystemConfig } from '@portal/contracts';

/** The sign-in methods this page has: username and password, a QR code approved from a signed-in device, or a code sent by SMS. */
export type Method = 'password' | 'qrcode' | 'sms';

export interface SignInChoices {
  methods: Method[];
  registration: boolean;
}

/**
 * What the sign-in page offers: the sign-in options that are on in the public configuration (the
 * auth settings), else, without it, the sign-in configuration's. A page left with no method offers
 * the password form rather than nothing.
 */
export function signInChoices(
  system: Pick<OpenSystemConfig, 'signInOptions'> | null,
  signIn: Pick<OAuthConfig, 'signInOptions'> | null,
): SignInChoices {
  const on = system
    ? {
        password: system.signInOptions.includes('password'),
        qrcode: system.signInOptions.includes('qr'),
        sms: system.signInOptions.includes('smsCode'),
        registration: system.signInOptions.includes('registration'),
      }
    : {
        password: signIn?.signInOptions.password ?? true,
        qrcode: signIn?.signInOptions.qrcode ?? false,
        sms: signIn?.signInOptions.mobile ?? false,
        registration: signIn?.signInOptions.registration ?? false,
      };
  const methods = (['password', 'sms', 'qrcode'] as const).filter((method) => on[method]);
  return { methods: methods.length > 0 ? methods : ['password'], registration: on.registration };
}
