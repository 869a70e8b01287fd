import { ChangeEmailBody, ChangePhoneBody, MfaToken, MfaTokenQuery, MfaTokenRequest, NewPasswordBody } from '../../account.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users`;
const signedIn = { access: 'signedIn', tags: ['users'] } as const;
const refusals = errorResponses(400, 401, 403, 404);
/** A change of the caller's email, phone or password: allowed by an mfa_token of the same purpose. */
const byMfaToken = {
  ...signedIn,
  method: 'PATCH',
  query: MfaTokenQuery,
  responses: { 200: Ok, ...refusals, ...errorResponses(409) },
} as const;

/** Re-authentication (mfa_token) and the changes that need it: email, phone, password. */
export const mfaEndpoints = {
  issue: endpoint({
    ...signedIn,
    method: 'POST',
    path: `${path}/self/mfa`,
    summary:
      'Confirms it is the caller (password, or a code of their authenticator app) for one change: a five-minute, single-use mfa_token',
    body: MfaTokenRequest,
    responses: { 200: MfaToken, ...refusals, ...errorResponses(429) },
  }),
  changeEmail: endpoint({
    ...byMfaToken,
    path: `${path}/email`,
    summary: 'Changes the caller’s email (mfa_token of purpose "email")',
    body: ChangeEmailBody,
  }),
  changePhone: endpoint({
    ...byMfaToken,
    path: `${path}/phone`,
    summary: 'Changes the caller’s phone (mfa_token of purpose "phone")',
    body: ChangePhoneBody,
  }),
  changePassword: endpoint({
    ...byMfaToken,
    path: `${path}/password`,
    summary: 'Changes the caller’s password (mfa_token of purpose "password"); signs out every other session',
    body: NewPasswordBody,
  }),
};
