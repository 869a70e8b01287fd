import { Type, type Static, type TSchema } from 'typebox';
import { DEFAULT_PRODUCT_NAME, LANGUAGES, LAYOUT_DEFAULTS, THEME_DEFAULTS } from '../constants.ts';
import { Nullable, Timestamp } from '../paging.ts';

/**
 * The product's system settings (spec §3 osConf: base, auth, safe), one system. Each section is
 * replaced whole and kept as numbered versions; the current value is the newest, and with none
 * the defaults below, which are the portal's behaviour before settings existed.
 */

/** The one system whose settings these are: `{id}` in the settings paths must be exactly this. */
export const PORTAL_SYSTEM_ID = 'portal';
export const SETTINGS_SECTIONS = ['base', 'auth', 'safe'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const closed = { additionalProperties: false } as const;
const Switch = (description: string) => Type.Boolean({ description });
const Count = (minimum: number, maximum: number, description: string) => Type.Integer({ minimum, maximum, description });

const hexColour = (description: string) => Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: `${description} (#rrggbb)` });
/** An image the browser loads: an https address or a path on the portal itself (never `//host`, `javascript:` or `data:`). */
const imageAddress = (description: string) => Type.String({ maxLength: 2048, pattern: '^(https://[^\\s]+|/(?!/)[^\\s]*)$', description });
const Text = (maxLength: number, description: string) => Nullable(Type.String({ minLength: 1, maxLength, pattern: '\\S', description }));

export const LoginPageDesign = Type.Object(
  {
    layout: Type.Enum(['center', 'left', 'right'], { description: 'Where the sign-in form sits on the page' }),
    background: Type.Object(
      {
        color: Nullable(hexColour("The page's colour; null: the theme's layout background")),
        image: Nullable(imageAddress('An image covering the page; null: none')),
      },
      closed,
    ),
    title: Text(80, "The form's heading; null: the translated default"),
    subtitle: Text(200, 'A line under the heading; null: none'),
    footer: Text(300, 'A line at the foot of the page (e.g. a copyright); null: none'),
    showOptions: Type.Object(
      {
        rememberMe: Switch('Offer "remember me" (a 30-day session)'),
        forgotPassword: Switch('Link to password recovery'),
        languageSwitch: Switch('Offer a language switch on the page'),
      },
      closed,
    ),
  },
  { ...closed, description: 'The design of the sign-in page' },
);

export const BaseSettings = Type.Object(
  {
    systemName: Text(60, `The product's name: page title, sign-in page, mails; null: "${DEFAULT_PRODUCT_NAME}"`),
    logo: Nullable(imageAddress("The header's logo; null: the portal's own")),
    icon: Nullable(imageAddress("The browser tab's icon; null: the portal's own")),
    defaultLanguage: Type.Enum([...LANGUAGES], { description: 'Language of a browser with no preference of its own' }),
    defaultLayout: Type.Object(
      {
        navStyle: Type.Enum(['LEFT', 'TOP'], { description: 'Menu at the left or at the top' }),
        leftMenuWidth: Count(160, 400, 'Width of the left menu, px'),
        topMenuHeight: Count(40, 96, 'Height of the top menu, px'),
      },
      { ...closed, description: 'The shell layout of a user who has chosen none' },
    ),
    defaultTheme: Type.Object(
      {
        mode: Type.Enum(['light', 'dark'], { description: 'Light or dark' }),
        brandColor: hexColour('The brand colour'),
      },
      { ...closed, description: 'The look of a user who has chosen none' },
    ),
    loginPage: LoginPageDesign,
  },
  closed,
);
export type BaseSettings = Static<typeof BaseSettings>;

/** The ways in the sign-in page may offer. */
export const SIGN_IN_OPTIONS = ['password', 'qr', 'smsCode', 'registration', 'registrationCaptcha'] as const;

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
    minLength: Count(8, 128, 'Fewest characters'),
    requireClasses: Type.Object(
      {
        lower: Count(0, 16, 'Fewest lower-case letters'),
        upper: Count(0, 16, 'Fewest upper-case letters'),
        digit: Count(0, 16, 'Fewest digits'),
        symbol: Count(0, 16, 'Fewest other characters'),
      },
      { ...closed, description: 'Characters of each class a password must hold; together at most minLength' },
    ),
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
 * 10 minutes, a session 12 hours or, remembered, 30 days, which bounds its refresh tokens; no idle
 * limit. Sign-in: password and QR, no SMS, registration off (REGISTRATION_SETTINGS). Failures:
 * captcha after 3, lock after 10 for 15 minutes. Passwords: at least 8 characters (NewPassword), not
 * the username. The server reads every value at each use (reception-center, permission's password policy).
 */
export const DEFAULT_SETTINGS: SettingsValues = {
  base: {
    systemName: null,
    logo: null,
    icon: null,
    defaultLanguage: LANGUAGES[0],
    defaultLayout: { ...LAYOUT_DEFAULTS },
    defaultTheme: { ...THEME_DEFAULTS },
    loginPage: {
      layout: 'center',
      background: { color: null, image: null },
      title: null,
      subtitle: null,
      footer: null,
      showOptions: { rememberMe: true, forgotPassword: true, languageSwitch: false },
    },
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
