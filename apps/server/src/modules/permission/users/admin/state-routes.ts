import { userStateEndpoints as state } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { adminDepsOf, callerOf } from './deps.ts';
import { replaceUserLinks, userResources } from './relations.ts';
import { activateUser, disableUser, resetUserTotp, setUserPassword, unlockUser } from './state.ts';

const ok = { ok: true as const };

/** A user's state (active, locked, password) and what they are granted (roles, groups). */
export async function userStateRoutes(app: FastifyInstance, ps: PermissionService) {
  const deps = adminDepsOf(ps);

  registerRoutes(app, [
    route(state.activate, async (request) => {
      await activateUser(deps, callerOf(request), request.params.id);
      return ok;
    }),
    route(state.disable, async (request) => {
      await disableUser(deps, callerOf(request), request.params.id);
      return ok;
    }),
    route(state.unlock, async (request) => {
      await unlockUser(deps, callerOf(request), request.params.userId);
      return ok;
    }),
    route(state.resetTotp, async (request) => {
      await resetUserTotp(deps, callerOf(request), request.params.userId);
      return ok;
    }),
    route(state.setPassword, async (request) => {
      await setUserPassword(deps, callerOf(request), request.params.id, request.body.password);
      return ok;
    }),
    route(state.setRoles, async (request) => {
      await replaceUserLinks(deps, callerOf(request), request.params.id, 'roles', request.body.roleIds);
      return ok;
    }),
    route(state.setGroups, async (request) => {
      await replaceUserLinks(deps, callerOf(request), request.params.userId, 'groups', request.body.groupIds);
      return ok;
    }),
    route(state.resources, (request) => userResources(ps.db, ps, request.params.id)),
  ]);
}
