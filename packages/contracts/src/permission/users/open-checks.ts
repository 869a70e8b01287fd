import { Type } from 'typebox';
import { OpenCheckQuery, OpenEmailParams, OpenPhoneParams, OpenUsernameParams } from '../../account.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const check = <const F extends string, const P extends typeof OpenEmailParams | typeof OpenPhoneParams | typeof OpenUsernameParams>(
  field: F,
  params: P,
) =>
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
    responses: { 200: Type.Null(), ...errorResponses(400, 403, 409, 429) },
  });

/** A registration or invitation form checks a field as it is typed: a bodiless yes or no, by status. */
export const openCheckEndpoints = {
  email: check('email', OpenEmailParams),
  phone: check('phone', OpenPhoneParams),
  username: check('username', OpenUsernameParams),
};
