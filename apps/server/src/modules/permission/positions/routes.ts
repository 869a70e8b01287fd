import { positionEndpoints as positions, type Role, type User } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { assignedListRoutes } from '../../../platform/resource/assigned-list.ts';
import { crudRoutes } from '../../../platform/resource/routes.ts';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { linkedUsers } from '../common/user-list.ts';
import { rolesByIds } from '../roles/rows.ts';
import { findPosition, positionResource, setPositionRoles, setPositionUsers, simpleList } from './service.ts';

/** Positions (stations): CRUD, the users filling them and the roles they confer (each list read and replaced whole). */
export async function positionRoutes(app: FastifyInstance, ps: PermissionService) {
  const { db } = ps;
  const assertOwner = (id: string) => findPosition(db, id);
  registerRoutes(app, [
    ...crudRoutes(db, positionResource(db), positions),
    route(positions.simpleList, () => simpleList(db)),
    ...assignedListRoutes({
      read: positions.users,
      replace: positions.setUsers,
      assertOwner,
      list: (id): Promise<User[]> => linkedUsers(db, LINKS.positionUsers, id),
      apply: (request) => setPositionUsers(ps, auditActorOf(request), request.params.id, request.body.userIds),
    }),
    ...assignedListRoutes({
      read: positions.roles,
      replace: positions.setRoles,
      assertOwner,
      list: async (id): Promise<Role[]> => rolesByIds(db, await linked(db, LINKS.positionRoles, id)),
      apply: (request) => setPositionRoles(ps, auditActorOf(request), request.params.id, request.body.roleIds),
    }),
  ]);
}
