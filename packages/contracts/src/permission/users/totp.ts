import { MfaTokenQuery } from '../../account.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { TotpConfirmBody, TotpEnrolment, TotpStatus } from '../../security.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users/self/totp`;
const signedIn = { access: 'signedIn', tags: ['users'] } as const;
const refusals = errorResponses(400, 401, 404, 409);

/**
 * The caller's authenticator app (TOTP second factor): status, set-up in two steps (a secret, then
 * a code proving the app has it) and removal. Set-up and removal need an mfa_token of purpose 'totp'.
 */
export const totpEndpoints = {
  status: endpoint({
    ...signedIn,
    method: 'GET',
    path,
    summary: 'Whether the caller has an authenticator app set up',
    responses: { 200: TotpStatus },
  }),
  startEnrolment: endpoint({
    ...signedIn,
    method: 'POST',
    path,
    summary: 'Starts setting up an authenticator app (mfa_token of purpose "totp"): a new secret, pending until confirmed',
    query: MfaTokenQuery,
    responses: { 200: TotpEnrolment, ...refusals },
  }),
  confirm: endpoint({
    ...signedIn,
    method: 'POST',
    path: `${path}/confirm`,
    summary: 'Finishes the set-up with a code from the app; from then on sign-in asks for a code',
    body: TotpConfirmBody,
    responses: { 200: TotpStatus, ...refusals },
  }),
  remove: endpoint({
    ...signedIn,
    method: 'DELETE',
    path,
    summary: 'Removes the authenticator app (mfa_token of purpose "totp"); sign-in needs the password only',
    query: MfaTokenQuery,
    responses: { 200: Ok, ...refusals },
  }),
};
