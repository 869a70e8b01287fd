import { Type } from 'typebox';
import { BehaviorToken, Captcha, ChangePasswordBody, MobileCodeBody, MobileSignInBody, SignInBody, SignInResult } from '../auth.ts';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { SignInTicketBody, SignInTotpBody, TotpEnrolment } from '../security.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

const tags = ['sign-in'];
const open = { access: 'open', tags } as const;
const oauth = `${RECEPTION_CENTER_PREFIX}/oauth`;

/** Where the browser goes once signed in: a path of the portal (an authorize request, typically). */
export const ReturnToQuery = Type.Object({ return_to: Type.Optional(Type.String({ maxLength: 4096 })) });

export const BehaviorTokenQuery = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 128 })),
  captchaId: Type.Optional(Type.String({ maxLength: 64 })),
  captchaCode: Type.Optional(Type.String({ maxLength: 16 })),
});

/** Password sign-in with its second step, captchas, and a password change before signing in. */
export const signInEndpoints = {
  password: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/jwt`,
    summary:
      'Password sign-in: starts a session at the authorization server, or answers that a code (totpRequired), an authenticator app (mfaEnrolmentRequired) or a new password (passwordExpired) is needed first',
    query: ReturnToQuery,
    body: SignInBody,
    responses: { 200: SignInResult, ...errorResponses(400, 403, 429) },
  }),
  totp: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/jwt/totp`,
    summary: 'Second sign-in step: the ticket from POST /oauth/jwt and a code from the authenticator app start the session',
    query: ReturnToQuery,
    body: SignInTotpBody,
    responses: { 200: SignInResult, ...errorResponses(400, 403, 429) },
  }),
  enrolTotp: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/jwt/totp/enrol`,
    summary:
      'A sign-in that must set up an authenticator app first (mfaEnrolmentRequired): a new secret for the app, for the ticket from POST /oauth/jwt',
    body: SignInTicketBody,
    responses: { 200: TotpEnrolment, ...errorResponses(400, 403, 409) },
  }),
  confirmTotpEnrolment: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/jwt/totp/enrol/confirm`,
    summary: 'Finishes that set-up with a code from the app, and with it the sign-in: starts the session',
    query: ReturnToQuery,
    body: SignInTotpBody,
    responses: { 200: SignInResult, ...errorResponses(400, 403, 409, 429) },
  }),
  behaviorToken: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/behavior-token`,
    summary: 'Whether a captcha is needed; with a correct answer, a one-time token standing for it',
    query: BehaviorTokenQuery,
    responses: { 200: BehaviorToken, ...errorResponses(400) },
  }),
  captcha: endpoint({
    ...open,
    method: 'GET',
    path: `${oauth}/verifyCode`,
    summary: 'A new captcha image',
    responses: { 200: Captcha },
  }),
  mobileCode: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/mobile/code`,
    summary:
      "Sends a sign-in code by SMS to the active user with this phone number, through the message centre's SMS channel; answers alike whether or not such a user exists; one code per number per minute",
    body: MobileCodeBody,
    responses: { 200: Ok, ...errorResponses(400, 403, 429) },
  }),
  mobile: endpoint({
    ...open,
    method: 'POST',
    path: `${oauth}/jwt/mobile`,
    summary:
      'Sign-in with the phone number and the code sent to it by SMS: answers as the password sign-in does (a session, or the code, app set-up or new password still needed)',
    query: ReturnToQuery,
    body: MobileSignInBody,
    responses: { 200: SignInResult, ...errorResponses(400, 403, 429) },
  }),
  changePassword: endpoint({
    ...open,
    method: 'PUT',
    path: `${oauth}/password`,
    summary:
      'Changes a password with the current one (also when it has expired), plus a code when the account has an authenticator app; signs out every session',
    body: ChangePasswordBody,
    responses: { 200: Ok, ...errorResponses(400, 429) },
  }),
};
