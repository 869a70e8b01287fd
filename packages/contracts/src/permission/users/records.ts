import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { User } from '../../identity.ts';
import { IdParams, Page } from '../../paging.ts';
import { UserCreateInput, UserDetail, UserListQuery, UserPickerItem, UserUpdateInput } from '../../users.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['users'];
const path = `${PERMISSION_PREFIX}/users`;
const gated = { access: 'gated', tags } as const;

/** User administration: the list, the picker list and the user record itself. */
export const userEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Users, one page, filtered by keyword, organisation (or its subtree), state, position, group or direct role',
    query: UserListQuery,
    responses: { 200: Page(User), ...errorResponses(400) },
  }),
  picks: endpoint({
    ...gated,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/v2/users`,
    summary: 'Users for a picker: id, username, name and organisation, with the filters of GET /users',
    query: UserListQuery,
    responses: { 200: Page(UserPickerItem), ...errorResponses(400) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a user; the password given must be changed at the first sign-in',
    body: UserCreateInput,
    responses: { 200: UserDetail, ...errorResponses(400, 403, 404, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'A user with their organisation, direct roles, groups and positions',
    params: IdParams,
    responses: { 200: UserDetail, ...errorResponses(400, 404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Updates a user (fields left out are kept, null clears); not the password',
    params: IdParams,
    body: UserUpdateInput,
    responses: { 200: UserDetail, ...errorResponses(400, 403, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a user and ends their sessions (not oneself, not the last active super-administrator)',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(400, 403, 404, 409) },
  }),
};
