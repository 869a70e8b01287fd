import { Type } from 'typebox';
import { SelfProfile, SelfProfileInput, SignatureBody, ThirdPartyBinding } from '../../account.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/users`;
const signedIn = { access: 'signedIn', tags: ['users'] } as const;

/** The caller's own profile, third-party bindings and handwritten signature. */
export const ownProfileEndpoints = {
  get: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/self`,
    summary: 'The caller’s own account',
    responses: { 200: SelfProfile, ...errorResponses(404) },
  }),
  update: endpoint({
    ...signedIn,
    method: 'PUT',
    path: `${path}/self`,
    summary: 'Updates the caller’s name, avatar and description (email and phone change through their mfa_token calls)',
    body: SelfProfileInput,
    responses: { 200: SelfProfile, ...errorResponses(400, 404) },
  }),
  thirdPartyBindings: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${path}/self/third`,
    summary: 'Accounts at other identity providers bound to the caller',
    responses: { 200: Type.Array(ThirdPartyBinding) },
  }),
  setSignature: endpoint({
    ...signedIn,
    method: 'POST',
    path: `${path}/sign`,
    summary: 'Stores the caller’s handwritten signature (a PNG data: URL of at most 200 KB)',
    body: SignatureBody,
    responses: { 200: Ok, ...errorResponses(400, 404) },
  }),
};
