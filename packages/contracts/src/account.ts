import { Type, type Static } from 'typebox';
import { AccountEmail, AccountPhone, AccountUsername } from './identity.ts';
import { Nullable, Timestamp } from './paging.ts';
import { TotpCode } from './security.ts';

/**
 * The caller's own account (/users/self…), the mfa_token re-authentication, and the open calls:
 * uniqueness checks, registration, invitations and the password-lost flow.
 */

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Description = Nullable(Type.String({ maxLength: 500 }));
const Secret = Type.String({ minLength: 1, maxLength: 128 });

/** The rest of the policy (the safe settings' password rules) is checked by the server. */
export const NewPassword = Type.String({ minLength: 8, maxLength: 256 });

/**
 * The rules of the password policy a refused password breaks: `details.rule` of a PASSWORD_POLICY
 * error (the message names the requirement, e.g. "at least 2 digits").
 */
export const PASSWORD_RULES = ['minLength', 'classes', 'username', 'history', 'common'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Keys of the old settings table that governed self-registration. Start-up moves them into the auth
 * settings' `signInOptions.registration` and `.registrationCaptcha`, which govern it now.
 */
export const REGISTRATION_SETTINGS = {
  enabled: 'registration.enabled',
  /** Registration then needs a behaviour token from GET /api/reception-center/oauth/behavior-token. */
  captchaRequired: 'registration.captchaRequired',
} as const;

/** What a short-lived mfa_token may be spent on; each change route accepts only its own purpose. */
export const MFA_PURPOSES = ['email', 'phone', 'password', 'third', 'totp'] as const;
export type MfaPurpose = (typeof MFA_PURPOSES)[number];
/** How the caller proves it is them: the password, or a code of their enrolled authenticator app. */
export const MFA_METHODS = ['password', 'totp'] as const;

/** POST /users/self/mfa: `password` for method 'password' (the default), `code` for method 'totp'. */
export const MfaTokenRequest = Type.Object({
  purpose: Type.Enum([...MFA_PURPOSES]),
  method: Type.Optional(Type.Enum([...MFA_METHODS])),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  code: Type.Optional(TotpCode),
});
export type MfaTokenRequest = Static<typeof MfaTokenRequest>;
export const MfaToken = Type.Object({ mfa_token: Type.String(), expires_in: Type.Integer() });
export type MfaToken = Static<typeof MfaToken>;
/** ?mfa_token= of PATCH /users/email, /users/phone, /users/password */
export const MfaTokenQuery = Type.Object({ mfa_token: Secret });

export const ChangeEmailBody = Type.Object({ email: AccountEmail });
export const ChangePhoneBody = Type.Object({ phone: AccountPhone });
export const NewPasswordBody = Type.Object({ password: NewPassword });

/** Avatars and signatures are kept in the user row as data: URLs; this bounds the decoded image. */
export const IMAGE_MAX_BYTES = 200 * 1024;
const base64Chars = (bytes: number) => Math.ceil(bytes / 3) * 4;
const AVATAR_PREFIX_MAX = 'data:image/jpeg;base64,'.length;

/** An https address or an image data: URL (png, jpeg, gif, webp; no SVG, which can carry script). */
export const AvatarUrl = Type.String({
  maxLength: AVATAR_PREFIX_MAX + base64Chars(IMAGE_MAX_BYTES),
  pattern: '^(https://\\S{1,2040}|data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2})$',
});
/** A handwritten signature: a PNG as a data: URL. */
export const SignatureImage = Type.String({
  maxLength: 'data:image/png;base64,'.length + base64Chars(IMAGE_MAX_BYTES),
  pattern: '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$',
});

/** GET /users/self */
export const SelfProfile = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  description: Description,
  signature: Nullable(Type.String()),
  orgId: Nullable(Type.String()),
  orgName: Nullable(Type.String()),
  passwordExpired: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SelfProfile = Static<typeof SelfProfile>;

/** PUT /users/self. Email and phone change only through their mfa_token calls: the server refuses them here. */
export const SelfProfileInput = Type.Object({
  name: Name,
  avatar: Type.Optional(Nullable(AvatarUrl)),
  description: Type.Optional(Description),
});
export type SelfProfileInput = Static<typeof SelfProfileInput>;

/** GET /users/self/third: accounts at other identity providers bound to the caller. */
export const ThirdPartyBinding = Type.Object({
  /** The identity provider's id (the `third` settings). */
  type: Type.String(),
  /** The provider's button label, or the id when the provider is gone. */
  providerName: Type.String(),
  /** The subject (`sub`) the provider names the account by. */
  openId: Type.String(),
  nickname: Nullable(Type.String()),
  email: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  boundAt: Timestamp,
});
export type ThirdPartyBinding = Static<typeof ThirdPartyBinding>;

/** POST /users/sign */
export const SignatureBody = Type.Object({ signature: SignatureImage });

/** POST /users/open/registered */
export const RegistrationBody = Type.Object({
  username: AccountUsername,
  name: Name,
  email: AccountEmail,
  /** Optional; unique like the email (compared without spaces and dashes). */
  phone: Type.Optional(AccountPhone),
  password: NewPassword,
  behaviorToken: Type.Optional(Type.String({ maxLength: 128 })),
});
export type RegistrationBody = Static<typeof RegistrationBody>;
export const CreatedAccount = Type.Object({ id: Type.String(), username: Type.String() });
export type CreatedAccount = Static<typeof CreatedAccount>;

/** POST /users/open/invite/confirm */
export const InviteConfirmBody = Type.Object({ token: Secret, username: AccountUsername, name: Name, password: NewPassword });
export type InviteConfirmBody = Static<typeof InviteConfirmBody>;
/** GET /users/open/invite/state?token= */
export const InviteStateQuery = Type.Object({ token: Secret });
export const InviteState = Type.Object({
  state: Type.Enum(['pending', 'confirmed', 'expired']),
  email: Type.String(),
  orgName: Nullable(Type.String()),
});
export type InviteState = Static<typeof InviteState>;

/** POST /users/password/lost/prepare: `account` is a username or an email address. */
export const PasswordLostPrepareBody = Type.Object({ account: Type.String({ minLength: 1, maxLength: 254 }) });
/** The same answer whether or not the account exists. */
export const PasswordLostSent = Type.Object({ sent: Type.Literal(true) });
/** POST /users/password/lost/validation */
export const PasswordLostValidationBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 254 }),
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});
export const ResetToken = Type.Object({ reset_token: Type.String(), expires_in: Type.Integer() });
export type ResetToken = Static<typeof ResetToken>;
/** PATCH /users/password/lost */
export const PasswordLostResetBody = Type.Object({ reset_token: Secret, password: NewPassword });

/** HEAD /users/open/{email|phone|username}/{value} */
export const OpenEmailParams = Type.Object({ value: AccountEmail });
/**
 * The query of those checks: with self-registration switched off, only the holder of a pending
 * invitation (its token, as in the invitation's address) may check a username.
 */
export const OpenCheckQuery = Type.Object({ token: Type.Optional(Secret) });
export const OpenPhoneParams = Type.Object({ value: AccountPhone });
export const OpenUsernameParams = Type.Object({ value: AccountUsername });

/** A new recovery code is sent at most this often per account (the page counts down before "resend"). */
export const RESET_CODE_RESEND_SECONDS = 60;

/** The page an invitation links to; it reads the invitation's token from `?token=`. */
export const INVITE_PAGE_PATH = '/register/invite';
/** The address to put in an invitation mail or message. */
export const invitePageUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${INVITE_PAGE_PATH}?token=${encodeURIComponent(token)}`;

/**
 * Where binding a third-party account ends: /boundAccountResult?result=success|failure&type=<provider>
 * [&reason=<one of BOUND_ACCOUNT_FAILURES>]. The page shows nothing else from the address.
 */
export const BOUND_ACCOUNT_RESULT_PATH = '/boundAccountResult';
export const BOUND_ACCOUNT_FAILURES = ['already_bound', 'access_denied', 'expired'] as const;
export type BoundAccountFailure = (typeof BOUND_ACCOUNT_FAILURES)[number];
