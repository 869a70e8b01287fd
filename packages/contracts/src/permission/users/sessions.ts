import { Type } from 'typebox';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { IdParams } from '../../paging.ts';
import { AccountSession, RevokedSessionCount } from '../../security.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users/self/sessions`;
const signedIn = { access: 'signedIn', tags: ['users'] } as const;

/** The caller's own sign-in sessions: list them, sign one out, or sign out all the others. */
export const ownSessionEndpoints = {
  list: endpoint({
    ...signedIn,
    method: 'GET',
    path,
    summary: "The caller's active sign-in sessions, newest first",
    responses: { 200: Type.Array(AccountSession) },
  }),
  revoke: endpoint({
    ...signedIn,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Signs one of the caller’s sessions out: its refresh tokens stop working and its access tokens are refused',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(400, 404) },
  }),
  revokeOthers: endpoint({
    ...signedIn,
    method: 'DELETE',
    path,
    summary: 'Signs out every session of the caller except the current one',
    responses: { 200: RevokedSessionCount },
  }),
};
