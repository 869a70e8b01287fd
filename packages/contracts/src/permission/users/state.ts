import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { UserParams } from '../../identity-extra.ts';
import { IdParams } from '../../paging.ts';
import { UserGroupsInput, UserPasswordInput, UserResources, UserRolesInput } from '../../users.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['users'];
const path = `${PERMISSION_PREFIX}/users`;
/** Every change of a user's state or grants answers the same way, and may be refused for the same reasons. */
const change = { access: 'gated', tags, responses: { 200: Ok, ...errorResponses(400, 403, 404, 409) } } as const;

/** A user's state (active, locked, password) and what they are granted (roles, groups). */
export const userStateEndpoints = {
  activate: endpoint({
    ...change,
    method: 'POST',
    path: `${path}/{id}/actived`,
    summary: 'Activates a user',
    params: IdParams,
  }),
  disable: endpoint({
    ...change,
    method: 'DELETE',
    path: `${path}/{id}/actived`,
    summary: 'Disables a user and revokes their sessions and tokens (not oneself, not the last active super-administrator)',
    params: IdParams,
  }),
  unlock: endpoint({
    ...change,
    method: 'DELETE',
    path: `${path}/{userId}/lock`,
    summary: 'Unlocks a user locked out by sign-in failures',
    params: UserParams,
  }),
  resetTotp: endpoint({
    ...change,
    method: 'DELETE',
    path: `${path}/{userId}/totp`,
    summary: "Removes a user's authenticator app (lost phone): their sign-in asks for the password alone",
    params: UserParams,
  }),
  setPassword: endpoint({
    ...change,
    method: 'PATCH',
    path: `${path}/{id}/password`,
    summary: "Sets a user's password, to be changed at the next sign-in; ends the user's sessions",
    params: IdParams,
    body: UserPasswordInput,
  }),
  setRoles: endpoint({
    ...change,
    method: 'PUT',
    path: `${path}/{id}/roles/all`,
    summary: "Replaces the user's direct roles (only roles whose resources the caller holds can be granted)",
    params: IdParams,
    body: UserRolesInput,
  }),
  setGroups: endpoint({
    ...change,
    method: 'PUT',
    path: `${path}/{userId}/groups/all`,
    summary: "Replaces the user's groups (only groups whose roles the caller could grant can be joined)",
    params: UserParams,
    body: UserGroupsInput,
  }),
  resources: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: `${path}/{id}/resources`,
    summary: "The user's effective roles (direct, group, organisation, position) and the resources they grant",
    params: IdParams,
    responses: { 200: UserResources, ...errorResponses(400, 404) },
  }),
};
