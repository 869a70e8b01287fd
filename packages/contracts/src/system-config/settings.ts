import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_PRODUCT_NAME, LANGUAGES, LAYOUT_DEFAULTS, THEME_DEFAULTS } from '../constants.ts';
import { Nullable, Timestamp } from '../paging.ts';
import { BASE_PROPERTIES, closed, Count, DEFAULT_LOGIN_PAGE, PASSWORD_HINT_PROPERTIES, Switch } from './settings-parts.ts';

export * from './settings-parts.ts';

/**
 * The product's system settings (spec §3 osConf: base, auth, safe), one system. Each section is
 * replaced whole and kept as numbered versions; the current value is the newest, and with none
 * the defaults below, which are the portal's behaviour before settings existed.
 */

export const SETTINGS_SECTIONS = ['base', 'auth', 'safe'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const BaseSettings = Type.Object(BASE_PROPERTIES, closed);
export type BaseSettings = Static<typeof BaseSettings>;

export const SignInOptions = Type.Object(
  {
    password: Switch('Sign-in with username and password'),
    qr: Switch('Sign-in by scanning a QR code with a signed-in phone'),
    smsCode: Switch('Sign-in with a code sent by SMS (needs an SMS channel)'),
    registration: Switch('Anyone may create an account at /register'),
    registrationCaptcha: Switch('Registration needs a solved captcha (only while registration is on)'),
  },
  {
    ...closed,
    description:
      'The ways in offered on the sign-in page; password or SMS code must stay on (QR is approved from a phone already signed in)',
  },
);
export type SignInOptions = Static<typeof SignInOptions>;

export const AuthSettings = Type.Object(
  {
    accessTokenMinutes: Count(1, 60, 'Lifetime of an access token'),
    refreshTokenDays: Count(1, 90, 'Longest life of a refresh-token chain (a remembered session)'),
    sessionIdleMinutes: Count(0, 43_200, 'A session unused this long ends; 0: no idle limit'),
    sessionAbsoluteHours: Count(1, 720, 'A session not remembered ends this long after sign-in'),
    signInOptions: SignInOptions,
    captchaAfterFailures: Count(1, 20, 'Failed sign-ins on an account before a captcha is asked'),
  },
  closed,
);
export type AuthSettings = Static<typeof AuthSettings>;

export const PasswordPolicy = Type.Object(
  {
    ...PASSWORD_HINT_PROPERTIES,
    notContainingUsername: Switch('Refuse a password containing the username (one equal to it is always refused)'),
    historyCount: Count(0, 24, 'Refuse the last n passwords of the account; 0: no history'),
    rejectCommon: Switch('Refuse passwords on the list of common ones'),
    expiryDays: Count(0, 3650, 'A password expires this long after it was set; 0: never'),
  },
  { ...closed, description: 'What a new password must satisfy' },
);
export type PasswordPolicy = Static<typeof PasswordPolicy>;

export const SafeSettings = Type.Object(
  {
    password: PasswordPolicy,
    lockout: Type.Object(
      {
        afterFailures: Count(3, 100, 'Failed sign-ins on an account before it is locked'),
        minutes: Count(1, 1440, 'How long a lock lasts'),
      },
      { ...closed, description: 'Locking an account after repeated failures' },
    ),
    mfaRequired: Type.Enum(['none', 'administrators', 'everyone'], { description: 'Who must have an authenticator app' }),
  },
  closed,
);
export type SafeSettings = Static<typeof SafeSettings>;

export interface SettingsValues {
  base: BaseSettings;
  auth: AuthSettings;
  safe: SafeSettings;
}

/** Each section's schema, by name. */
export const SETTINGS_SCHEMAS = { base: BaseSettings, auth: AuthSettings, safe: SafeSettings } as const;

/**
 * The defaults: how the portal behaved before these settings existed. Tokens: access tokens live
 * 10 minutes (reception-center ACCESS_TOKEN_TTL_SECONDS), a session 12 hours or, remembered, 30
 * days, which bounds its refresh tokens; no idle limit. Sign-in: password and QR, no SMS,
 * registration off (REGISTRATION_SETTINGS). Failures: captcha after 3, lock after 10 for 15
 * minutes (SIGN_IN_LIMITS). Passwords: at least 8 characters (NewPassword), not the username.
 */
export const DEFAULT_SETTINGS: SettingsValues = {
  base: {
    systemName: null,
    logo: null,
    icon: null,
    defaultLanguage: LANGUAGES[0],
    defaultLayout: { ...LAYOUT_DEFAULTS },
    defaultTheme: { ...THEME_DEFAULTS },
    loginPage: DEFAULT_LOGIN_PAGE,
  },
  auth: {
    accessTokenMinutes: 10,
    refreshTokenDays: 30,
    sessionIdleMinutes: 0,
    sessionAbsoluteHours: 12,
    signInOptions: { password: true, qr: true, smsCode: false, registration: false, registrationCaptcha: false },
    captchaAfterFailures: 3,
  },
  safe: {
    password: {
      minLength: 8,
      requireClasses: { lower: 0, upper: 0, digit: 0, symbol: 0 },
      notContainingUsername: false,
      historyCount: 0,
      rejectCommon: false,
      expiryDays: 0,
    },
    lockout: { afterFailures: 10, minutes: 15 },
    mfaRequired: 'none',
  },
};

/** The product's name as shown: the configured one, else the default product name. */
export const systemNameOf = (base: Pick<BaseSettings, 'systemName'>): string => base.systemName ?? DEFAULT_PRODUCT_NAME;

/** A section's current value with its version (0 and no date while only the defaults apply). */
export const SettingsState = <S extends TSchema>(value: S) =>
  Type.Object({
    version: Type.Integer({ minimum: 0, description: 'The current version; 0: never saved, the defaults apply' }),
    changedAt: Nullable(Timestamp),
    value,
  });
export interface SettingsStateOf<V> {
  version: number;
  changedAt: string | null;
  value: V;
}

/** One entry of a section's history, newest first. */
export const SettingsVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  changedAt: Timestamp,
  changedBy: Nullable(Type.String({ description: 'The name of the user who saved it; null: the system, or a deleted user' })),
  restoredFrom: Nullable(Type.Integer({ description: 'The version this one restored, if it was a restore' })),
});
export type SettingsVersion = Static<typeof SettingsVersion>;
