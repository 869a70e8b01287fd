/** Stable error codes with the HTTP status each one is answered with (spec §8). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 400,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_INVALID: 400,
  /** A new password breaks the password policy: `details.rule` names the rule (PASSWORD_RULES). */
  PASSWORD_POLICY: 400,
  /** The account has a second factor: the call needs an authentication code. */
  TOTP_REQUIRED: 400,
  /** The authentication code is wrong, already used, or the sign-in ticket has expired. */
  TOTP_INVALID: 400,
  /** The SMS sign-in code is wrong, used, voided by wrong tries, or expired (`details.expired`). */
  SMS_CODE_INVALID: 400,
  NOT_CONFIGURED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The way of signing in asked for is switched off in the auth settings (`details.option`). */
  SIGN_IN_OPTION_OFF: 403,
  /** The account must set up an authenticator app before it may sign in this way (QR sign-in). */
  MFA_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  /** The client does not accept what the route answers with (the event stream needs text/event-stream). */
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Range outside the object (`details.size` is its length). */
  RANGE_NOT_SATISFIABLE: 416,
  ACCOUNT_LOCKED: 429,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** An outside system (an SMTP server, an SMS gateway, a webhook receiver) refused or did not answer. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error shape every failing call answers with. */
export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  details?: Record<string, unknown>;
}

/** Toast messages the client shows per status (spec §8); 401 is handled silently. */
export const STATUS_MESSAGES: Record<number, string> = {
  404: 'The record you asked for does not exist; nothing was done.',
  408: 'The request timed out.',
  500: 'Server error, please check the server.',
  502: 'Gateway error.',
  503: 'Service unavailable: the server is overloaded or under maintenance.',
  504: 'Gateway timeout.',
};
