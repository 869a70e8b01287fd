import { Type, type Static } from 'typebox';
import { TotpCode } from './security.ts';

/** GET /api/reception-center/oauth/config: what the SPA needs to start sign-in. */
export const OAuthConfig = Type.Object({
  clientId: Type.String(),
  redirectUri: Type.String(),
  authorizeUrl: Type.String(),
  tokenUrl: Type.String(),
  logoutUrl: Type.String(),
  systemName: Type.String(),
  signInOptions: Type.Object({
    password: Type.Boolean(),
    qrcode: Type.Boolean(),
    mobile: Type.Boolean(),
    registration: Type.Boolean(),
    /** Registration asks for a solved captcha (a behaviour token); absent means it does not. */
    registrationCaptcha: Type.Optional(Type.Boolean()),
  }),
});
export type OAuthConfig = Static<typeof OAuthConfig>;

/** POST /api/reception-center/oauth/jwt: password sign-in at the authorization server. */
export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captchaCode: Type.Optional(Type.String({ maxLength: 16 })),
  behaviorToken: Type.Optional(Type.String({ maxLength: 128 })),
  remember: Type.Optional(Type.Boolean()),
});
export type SignInBody = Static<typeof SignInBody>;

/** Where the browser goes after a successful sign-in (back into /oauth/authorize, or '/'). */
export const SignedIn = Type.Object({ redirect: Type.String() });
/**
 * The password was right but the account has a second factor: no session yet. The ticket
 * (short-lived, single-use) and a code go to POST /oauth/jwt/totp.
 */
export const TotpRequired = Type.Object({ totpRequired: Type.Literal(true), ticket: Type.String(), expiresIn: Type.Integer() });
/** The credentials were right but the password has expired: no session; change it with PUT /oauth/password first. */
export const PasswordExpired = Type.Object({ passwordExpired: Type.Literal(true) });
/**
 * The password was right but the safe settings require an authenticator app and the account has
 * none: no session until one is set up with the ticket (POST /oauth/jwt/totp/enrol, then
 * POST /oauth/jwt/totp/enrol/confirm with a code from the app).
 */
export const MfaEnrolmentRequired = Type.Object({
  mfaEnrolmentRequired: Type.Literal(true),
  ticket: Type.String(),
  expiresIn: Type.Integer(),
});
/** POST /oauth/jwt, POST /oauth/jwt/totp and POST /oauth/jwt/totp/enrol/confirm. */
export const SignInResult = Type.Union([SignedIn, TotpRequired, MfaEnrolmentRequired, PasswordExpired]);
export type SignInResult = Static<typeof SignInResult>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
  id_token: Type.Optional(Type.String()),
  scope: Type.String(),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** The client_credentials grant's answer: an access token only, no refresh token and no ID token (RFC 6749 §4.4.3). */
export const ClientCredentialsTokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type ClientCredentialsTokenResponse = Static<typeof ClientCredentialsTokenResponse>;

export const Captcha = Type.Object({
  captchaId: Type.String(),
  image: Type.String({ description: 'SVG image as a data: URL' }),
  expiresIn: Type.Integer(),
});
export type Captcha = Static<typeof Captcha>;

/**
 * GET /oauth/behavior-token?username=[&captchaId=&captchaCode=]: tells whether the next sign-in for
 * that account and address needs a captcha; given a correct captcha answer it also returns a
 * single-use token that POST /oauth/jwt accepts (as behaviorToken) in place of the captcha fields.
 */
export const BehaviorToken = Type.Object({
  captchaRequired: Type.Boolean(),
  token: Type.Optional(Type.String()),
  expiresIn: Type.Optional(Type.Integer()),
});
export type BehaviorToken = Static<typeof BehaviorToken>;

export const QrCode = Type.Object({
  qrId: Type.String(),
  content: Type.String({ description: 'what the QR code encodes: the approval address' }),
  expiresIn: Type.Integer(),
});
export type QrCode = Static<typeof QrCode>;

export const QrCodeResult = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('expired')]),
  redirect: Type.Optional(Type.String()),
});
export type QrCodeResult = Static<typeof QrCodeResult>;

export const ChangePasswordBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 128 }),
  oldPassword: Type.String({ minLength: 1, maxLength: 256 }),
  newPassword: Type.String({ minLength: 8, maxLength: 256 }),
  /** A current authentication code: required when the account has TOTP (answered TOTP_REQUIRED otherwise). */
  code: Type.Optional(TotpCode),
  /** The captcha answer, once repeated failures ask for one (as on POST /oauth/jwt). */
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captchaCode: Type.Optional(Type.String({ maxLength: 16 })),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

const Phone = Type.String({ minLength: 5, maxLength: 32, pattern: '^\\+?[0-9 -]+$' });

export const MobileCodeBody = Type.Object({ phone: Phone });

/** POST /api/reception-center/oauth/jwt/mobile: sign-in with the code POST /oauth/mobile/code sent by SMS. */
export const MobileSignInBody = Type.Object({
  phone: Phone,
  code: Type.String({ pattern: '^[0-9]{6}$', description: 'the 6-digit code from the SMS' }),
  remember: Type.Optional(Type.Boolean()),
});
export type MobileSignInBody = Static<typeof MobileSignInBody>;

/** GET /api/reception-center/member/who. */
export const Member = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  passwordExpired: Type.Boolean(),
});
export type Member = Static<typeof Member>;
