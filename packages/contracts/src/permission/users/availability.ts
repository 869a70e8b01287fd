import { Type, type TSchema } from 'typebox';
import { OpenCheckQuery, OpenEmailParams, OpenPhoneParams, OpenUsernameParams } from '../../account.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

/** HEAD /users/open/{field}/{value}: the same check for each field an account must not share. */
const availabilityCheck = <const F extends string, const P extends TSchema>(field: F, params: P) =>
  endpoint({
    access: 'open',
    tags: ['users'],
    method: 'HEAD',
    path: `${PERMISSION_PREFIX}/users/open/${field}/{value}`,
    summary: `Whether a ${field} is still free (200) or taken (409)`,
    description:
      'Answered while self-registration is switched on; otherwise only for a username, with the token of a pending invitation (403 without).',
    params,
    query: OpenCheckQuery,
    // A HEAD answer has no body: the status is the answer.
    responses: { 200: Type.Null(), ...errorResponses(400, 403, 409, 429) },
  });

/**
 * Whether an email, phone or username is still free, for a form that creates an account (registration,
 * or an invitation's form, which may check only a username). Rate-limited per address.
 */
export const availabilityEndpoints = {
  email: availabilityCheck('email', OpenEmailParams),
  phone: availabilityCheck('phone', OpenPhoneParams),
  username: availabilityCheck('username', OpenUsernameParams),
};
