import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './paging.ts';

/**
 * Account security: the time-based one-time password (TOTP, RFC 6238) second factor and the
 * caller's own sign-in sessions. The calls live under /api/permission/users/self/… (signedIn);
 * the sign-in second step is POST /api/reception-center/oauth/jwt/totp (open).
 */

/** RFC 6238 parameters every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', secretBytes: 20 } as const;

/** A code as the authenticator app shows it. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });

/** GET /users/self/totp */
export const TotpStatus = Type.Object({
  enrolled: Type.Boolean(),
  /** When the enrolment was confirmed; null while not enrolled. */
  enrolledAt: Nullable(Timestamp),
});
export type TotpStatus = Static<typeof TotpStatus>;

/** POST /users/self/totp?mfa_token= (purpose 'totp'): a new secret, pending until confirmed. */
export const TotpEnrolment = Type.Object({
  /** Base32 (RFC 4648, no padding), for typing into the app by hand. */
  secret: Type.String(),
  /** otpauth://totp/… for the QR code. */
  otpauthUrl: Type.String(),
  /** Seconds left to confirm it with a code before the enrolment has to start again. */
  expiresIn: Type.Integer(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

/** POST /users/self/totp/confirm */
export const TotpConfirmBody = Type.Object({ code: TotpCode });
export type TotpConfirmBody = Static<typeof TotpConfirmBody>;

const SignInTicket = Type.String({ minLength: 1, maxLength: 128 });

/** POST /api/reception-center/oauth/jwt/totp[?return_to=]: the ticket from POST /oauth/jwt and a code. */
export const SignInTotpBody = Type.Object({ ticket: SignInTicket, code: TotpCode });
export type SignInTotpBody = Static<typeof SignInTotpBody>;

/** POST /api/reception-center/oauth/jwt/totp/enrol: the ticket of a sign-in that must set up an app first. */
export const SignInTicketBody = Type.Object({ ticket: SignInTicket });

/** GET /users/self/sessions: one of the caller's active sign-in sessions. */
export const AccountSession = Type.Object({
  id: Type.String(),
  createdAt: Timestamp,
  /** When a token of this session was last refreshed; null when never since sign-in. */
  lastUsedAt: Nullable(Timestamp),
  expiresAt: Timestamp,
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  remember: Type.Boolean(),
  /** The session the request was made from. */
  current: Type.Boolean(),
});
export type AccountSession = Static<typeof AccountSession>;

/** DELETE /users/self/sessions: how many other sessions were signed out. */
export const RevokedSessionCount = Type.Object({ revoked: Type.Integer() });
export type RevokedSessionCount = Static<typeof RevokedSessionCount>;
