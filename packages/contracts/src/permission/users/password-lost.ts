import { PasswordLostPrepareBody, PasswordLostResetBody, PasswordLostSent, PasswordLostValidationBody, ResetToken } from '../../account.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users/password/lost`;
const open = { access: 'open', tags: ['users'] } as const;
const refusals = errorResponses(400, 429);

/** Password recovery by a code sent by email: prepare → validation (reset token) → new password. */
export const passwordLostEndpoints = {
  prepare: endpoint({
    ...open,
    method: 'POST',
    path: `${path}/prepare`,
    summary: 'Emails a six-digit recovery code; the answer is the same whether or not the account exists',
    body: PasswordLostPrepareBody,
    responses: { 200: PasswordLostSent, ...refusals },
  }),
  validation: endpoint({
    ...open,
    method: 'POST',
    path: `${path}/validation`,
    summary: 'Exchanges the emailed code for a reset token (five attempts per code, ten minutes)',
    body: PasswordLostValidationBody,
    responses: { 200: ResetToken, ...refusals },
  }),
  reset: endpoint({
    ...open,
    method: 'PATCH',
    path,
    summary: 'Sets a new password with a reset token (once); ends every session and clears the lockout',
    body: PasswordLostResetBody,
    responses: { 200: Ok, ...refusals },
  }),
};
