import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams, Ok, UserGroupsInput, UserParams, UserPasswordInput, UserResources, UserRolesInput } from '@portal/contracts';
import type { PermissionService } from '../../context.ts';
import { adminDepsOf, callerOf } from './deps.ts';
import { errors } from '../../../../platform/responses.ts';
import { replaceUserGroups, replaceUserRoles, userResources } from './relations.ts';
import { activateUser, disableUser, resetUserTotp, setUserPassword, unlockUser } from './state.ts';

const tags = ['users'];
const ok = { ok: true as const };

/** A user's state (active, locked, password) and what they are granted (roles, groups). */
export const userStateRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const deps = adminDepsOf(ps);

  app.post(
    '/users/:id/actived',
    {
      config: { access: 'gated' },
      schema: { tags, summary: 'Activates a user', params: IdParams, response: { 200: Ok, ...errors(400, 403, 404, 409) } },
    },
    async (request) => {
      await activateUser(deps, callerOf(request), request.params.id);
      return ok;
    },
  );

  app.delete(
    '/users/:id/actived',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Disables a user and revokes their sessions and tokens (not oneself, not the last active super-administrator)',
        params: IdParams,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await disableUser(deps, callerOf(request), request.params.id);
      return ok;
    },
  );

  app.delete(
    '/users/:userId/lock',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: 'Unlocks a user locked out by sign-in failures',
        params: UserParams,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await unlockUser(deps, callerOf(request), request.params.userId);
      return ok;
    },
  );

  app.delete(
    '/users/:userId/totp',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: "Removes a user's authenticator app (lost phone): their sign-in asks for the password alone",
        params: UserParams,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await resetUserTotp(deps, callerOf(request), request.params.userId);
      return ok;
    },
  );

  app.patch(
    '/users/:id/password',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: "Sets a user's password, to be changed at the next sign-in; ends the user's sessions",
        params: IdParams,
        body: UserPasswordInput,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await setUserPassword(deps, callerOf(request), request.params.id, request.body.password);
      return ok;
    },
  );

  app.put(
    '/users/:id/roles/all',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: "Replaces the user's direct roles (only roles whose resources the caller holds can be granted)",
        params: IdParams,
        body: UserRolesInput,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await replaceUserRoles(deps, callerOf(request), request.params.id, request.body.roleIds);
      return ok;
    },
  );

  app.put(
    '/users/:userId/groups/all',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: "Replaces the user's groups (only groups whose roles the caller could grant can be joined)",
        params: UserParams,
        body: UserGroupsInput,
        response: { 200: Ok, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await replaceUserGroups(deps, callerOf(request), request.params.userId, request.body.groupIds);
      return ok;
    },
  );

  app.get(
    '/users/:id/resources',
    {
      config: { access: 'gated' },
      schema: {
        tags,
        summary: "The user's effective roles (direct, group, organisation, position) and the resources they grant",
        params: IdParams,
        response: { 200: UserResources, 400: ErrorBody, 404: ErrorBody },
      },
    },
    (request) => userResources(ps.db, ps, request.params.id),
  );
};
