/**
 * The parameters the sign-in flows through identity providers put on /login: the bind state, a
 * TOTP ticket, an error. Its own small file: it loads with /login (the flows' own declarations,
 * external-sign-in.ts, do not: apps/web/vite.config.ts).
 */
export const EXTERNAL_SIGN_IN_QUERY = {
  bind: 'bind',
  totpTicket: 'totp_ticket',
  enrolTicket: 'enrol_ticket',
  error: 'third_error',
} as const;
