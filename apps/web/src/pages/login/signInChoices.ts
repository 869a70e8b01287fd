import type { OAuthConfig, OpenSystemConfig } from '@portal/contracts';

/** The sign-in methods this page has: username and password, or a QR code approved from a signed-in device. */
export type Method = 'password' | 'qrcode';

export interface SignInChoices {
  methods: Method[];
  registration: boolean;
}

/**
 * What the sign-in page offers: the sign-in options that are on in the public configuration (the
 * auth settings), else, without it, the sign-in configuration's. SMS codes have no form here yet,
 * so a page left with no method offers the password form rather than nothing.
 */
export function signInChoices(
  system: Pick<OpenSystemConfig, 'signInOptions'> | null,
  signIn: Pick<OAuthConfig, 'signInOptions'> | null,
): SignInChoices {
  const on = system
    ? {
        password: system.signInOptions.includes('password'),
        qrcode: system.signInOptions.includes('qr'),
        registration: system.signInOptions.includes('registration'),
      }
    : {
        password: signIn?.signInOptions.password ?? true,
        qrcode: signIn?.signInOptions.qrcode ?? false,
        registration: signIn?.signInOptions.registration ?? false,
      };
  const methods = (['password', 'qrcode'] as const).filter((method) => on[method]);
  return { methods: methods.length > 0 ? methods : ['password'], registration: on.registration };
}
