import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  OrgParams,
  OrgResourceRef,
  OrgUsersQuery,
  OwnedRole,
  Page,
  Position,
  Role,
  RoleIdsInput,
  User,
  UserIdsInput,
} from '@portal/contracts';
import { Type } from 'typebox';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { assignedListRoutes } from '../common/assigned-list-routes.ts';
import { errors } from '../../../platform/responses.ts';
import { linkedUsers } from '../common/user-list.ts';
import { rolesByIds } from '../roles/rows.ts';
import { listMembers } from '../users/admin/list.ts';
import { findOrg, ownedRoles, positionsOf, resourceRefs } from './queries.ts';
import { setOrgRoles, setSecondaryUsers } from './service.ts';

const tags = ['organizations'];
const gated = { access: 'gated' } as const;

/** What hangs off an organisation: members, positions, granted roles, secondary members, references. */
export const organizationMemberRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/v1/org/:orgId/stations',
    {
      config: gated,
      schema: {
        tags,
        summary: 'The positions of the organisation',
        params: OrgParams,
        response: { 200: Type.Array(Position), ...errors(404) },
      },
    },
    async (request) => positionsOf(ps.db, request.params.orgId),
  );

  app.get(
    '/v1/org/:orgId/users',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Members of the organisation (with subtree=true, of every organisation below it too)',
        params: OrgParams,
        querystring: OrgUsersQuery,
        response: { 200: Page(User), ...errors(404) },
      },
    },
    async (request) => {
      const org = await findOrg(ps.db, request.params.orgId);
      return listMembers(ps.db, request.query, { orgId: org.id, subtree: request.query.subtree });
    },
  );

  assignedListRoutes(app, {
    url: '/v1/org/:orgId/roles',
    tags,
    params: OrgParams,
    ownerId: (params) => params.orgId,
    item: Role,
    read: { summary: 'Roles granted to the organisation', assertOwner: (orgId) => findOrg(ps.db, orgId) },
    replace: {
      summary: 'Replaces the roles granted to the organisation (they hold for its members and those below)',
      body: RoleIdsInput,
      errors: [400, 403, 404, 409],
      apply: (actor, orgId, body) => setOrgRoles(ps, actor, orgId, body.roleIds),
    },
    list: async (orgId) => rolesByIds(ps.db, await linked(ps.db, LINKS.orgRoles, orgId)),
  });

  app.get(
    '/v1/org/:orgId/roles/owned',
    {
      config: gated,
      schema: {
        tags,
        summary: "Roles effective for the organisation's members: its own and its ancestors'",
        params: OrgParams,
        response: { 200: Type.Array(OwnedRole), ...errors(404) },
      },
    },
    async (request) => ownedRoles(ps.db, request.params.orgId),
  );

  assignedListRoutes(app, {
    url: '/v1/org/:orgId/secondary',
    tags,
    params: OrgParams,
    ownerId: (params) => params.orgId,
    item: User,
    read: { summary: 'Users with the organisation as a secondary department', assertOwner: (orgId) => findOrg(ps.db, orgId) },
    replace: {
      summary: 'Replaces the users with the organisation as a secondary department',
      body: UserIdsInput,
      errors: [400, 404],
      apply: (actor, orgId, body) => setSecondaryUsers(ps, actor, orgId, body.userIds),
    },
    list: (orgId) => linkedUsers(ps.db, LINKS.orgSecondaryUsers, orgId),
  });

  app.get(
    '/v1/org/:orgId/resource-ref',
    {
      config: gated,
      schema: { tags, summary: 'What refers to the organisation', params: OrgParams, response: { 200: OrgResourceRef, ...errors(404) } },
    },
    async (request) => resourceRefs(ps.db, request.params.orgId),
  );
};
