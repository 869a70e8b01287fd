import { organizationMemberEndpoints as members } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { linkedUsers } from '../common/user-list.ts';
import { rolesByIds } from '../roles/rows.ts';
import { listMembers } from '../users/admin/list.ts';
import { findOrg, ownedRoles, positionsOf, resourceRefs } from './queries.ts';
import { setOrgRoles, setSecondaryUsers } from './service.ts';

/** What hangs off an organisation: members, positions, granted roles, secondary members, references. */
export async function organizationMemberRoutes(app: FastifyInstance, ps: PermissionService) {
  // The granted roles and the secondary members are read whole and replaced whole: a replacement answers the new list.
  const rolesOf = async (orgId: string) => rolesByIds(ps.db, await linked(ps.db, LINKS.orgRoles, orgId));
  const secondaryUsersOf = (orgId: string) => linkedUsers(ps.db, LINKS.orgSecondaryUsers, orgId);
  /** Answers a list of an existing organisation (404 for an unknown one). */
  const listOfOrg =
    <T>(list: (orgId: string) => Promise<T>) =>
    async (request: { params: { orgId: string } }) => {
      await findOrg(ps.db, request.params.orgId);
      return list(request.params.orgId);
    };

  registerRoutes(app, [
    route(members.positions, (request) => positionsOf(ps.db, request.params.orgId)),
    route(members.members, async (request) => {
      const org = await findOrg(ps.db, request.params.orgId);
      return listMembers(ps.db, request.query, { orgId: org.id, subtree: request.query.subtree });
    }),
    route(members.roles, listOfOrg(rolesOf)),
    route(members.setRoles, async (request) => {
      await setOrgRoles(ps, auditActorOf(request), request.params.orgId, request.body.roleIds);
      return rolesOf(request.params.orgId);
    }),
    route(members.ownedRoles, (request) => ownedRoles(ps.db, request.params.orgId)),
    route(members.secondaryUsers, listOfOrg(secondaryUsersOf)),
    route(members.setSecondaryUsers, async (request) => {
      await setSecondaryUsers(ps, auditActorOf(request), request.params.orgId, request.body.userIds);
      return secondaryUsersOf(request.params.orgId);
    }),
    route(members.references, (request) => resourceRefs(ps.db, request.params.orgId)),
  ]);
}
