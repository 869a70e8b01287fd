import { CreatedAccount, InviteConfirmBody, InviteState, InviteStateQuery, RegistrationBody } from '../../account.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users/open`;
const open = { access: 'open', tags: ['users'] } as const;
/** An account is created with a 201; rate-limited per address, and refused for a taken name or email. */
const accountCreation = { 201: CreatedAccount, ...errorResponses(400, 409, 429) };

/** Open self-registration (when switched on) and joining by invitation. */
export const registrationEndpoints = {
  register: endpoint({
    ...open,
    method: 'POST',
    path: `${path}/registered`,
    summary: 'Creates an account for oneself, when self-registration is switched on',
    description: "Needs the auth settings' `signInOptions.registration`; with `signInOptions.registrationCaptcha` also a behaviour token.",
    body: RegistrationBody,
    responses: { ...accountCreation, ...errorResponses(403) },
  }),
  inviteState: endpoint({
    ...open,
    method: 'GET',
    path: `${path}/invite/state`,
    summary: 'What an invitation is for and whether it can still be used',
    query: InviteStateQuery,
    responses: { 200: InviteState, ...errorResponses(400, 404) },
  }),
  confirmInvite: endpoint({
    ...open,
    method: 'POST',
    path: `${path}/invite/confirm`,
    summary: 'Accepts an invitation: creates the account in the inviting organisation',
    body: InviteConfirmBody,
    responses: accountCreation,
  }),
};
