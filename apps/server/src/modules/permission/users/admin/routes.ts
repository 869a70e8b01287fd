import { userEndpoints as users } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { adminDepsOf, callerOf } from './deps.ts';
import { listUserPicks, listUsers } from './list.ts';
import { createUser, deleteUser, getUserDetail, updateUser } from './service.ts';

/** User administration: the list, the picker list and the user record itself. */
export async function userRecordRoutes(app: FastifyInstance, ps: PermissionService) {
  const deps = adminDepsOf(ps);

  registerRoutes(app, [
    route(users.list, (request) => listUsers(ps.db, request.query)),
    route(users.picks, (request) => listUserPicks(ps.db, request.query)),
    route(users.create, (request) => createUser(deps, callerOf(request), request.body)),
    route(users.get, (request) => getUserDetail(ps.db, request.params.id)),
    route(users.update, (request) => updateUser(deps, callerOf(request), request.params.id, request.body)),
    route(users.remove, async (request) => {
      await deleteUser(deps, callerOf(request), request.params.id);
      return { ok: true as const };
    }),
  ]);
}
