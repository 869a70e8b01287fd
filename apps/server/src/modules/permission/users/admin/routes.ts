import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  IdParams,
  Ok,
  Page,
  User,
  UserCreateInput,
  UserDetail,
  UserListQuery,
  UserPickerItem,
  UserUpdateInput,
} from '@portal/contracts';
import type { PermissionService } from '../../context.ts';
import { adminDepsOf, callerOf } from './deps.ts';
import { errors } from '../../../../platform/responses.ts';
import { listUserPicks, listUsers } from './list.ts';
import { createUser, deleteUser, getUserDetail, updateUser } from './service.ts';

const tags = ['users'];

/** User administration: the list, the picker list and the user record itself. */
export const userRecordRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const deps = adminDepsOf(ps);

  app.get(
    '/users',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Users, one page, filtered by keyword, organisation (or its subtree), state, position, group or direct role',
        querystring: UserListQuery,
        response: { 200: Page(User), 400: ErrorBody },
      },
    },
    (request) => listUsers(ps.db, request.query),
  );

  app.get(
    '/v2/users',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Users for a picker: id, username, name and organisation, with the filters of GET /users',
        querystring: UserListQuery,
        response: { 200: Page(UserPickerItem), 400: ErrorBody },
      },
    },
    (request) => listUserPicks(ps.db, request.query),
  );

  app.post(
    '/users',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Creates a user; the password given must be changed at the first sign-in',
        body: UserCreateInput,
        response: { 200: UserDetail, ...errors(400, 403, 404, 409) },
      },
    },
    (request) => createUser(deps, callerOf(request), request.body),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'A user with their organisation, direct roles, groups and positions',
        params: IdParams,
        response: { 200: UserDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    (request) => getUserDetail(ps.db, request.params.id),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Updates a user (fields left out are kept, null clears); not the password',
        params: IdParams,
        body: UserUpdateInput,
        response: { 200: UserDetail, ...errors(400, 403, 404, 409) },
      },
    },
    (request) => updateUser(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Deletes a user and ends their sessions (not oneself, not the last active super-administrator)',
        params: IdParams,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteUser(deps, callerOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
