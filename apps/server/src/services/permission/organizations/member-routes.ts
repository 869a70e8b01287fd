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
import { eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { userSecondaryOrgs, users } from '../../../platform/db/schema.ts';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { errors } from '../common/responses.ts';
import { listUsers, pageUsers } from '../common/user-list.ts';
import { rolesByIds } from '../roles/rows.ts';
import { findOrg, membersOf, ownedRoles, positionsOf, resourceRefs } from './queries.ts';
import { setOrgRoles, setSecondaryUsers } from './service.ts';

const tags = ['organizations'];
const gated = { access: 'gated' } as const;

/** What hangs off an organisation: members, positions, granted roles, secondary members, references. */
export const organizationMemberRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  const grantedRoles = async (orgId: string) => rolesByIds(ps.db, await linked(ps.db, LINKS.orgRoles, orgId));
  const secondaryUsers = (orgId: string) =>
    listUsers(
      ps.db,
      inArray(users.id, ps.db.select({ id: userSecondaryOrgs.userId }).from(userSecondaryOrgs).where(eq(userSecondaryOrgs.orgId, orgId))),
    );

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
      return pageUsers(ps.db, membersOf(ps.db, org, request.query.subtree ?? false), request.query);
    },
  );

  app.get(
    '/v1/org/:orgId/roles',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Roles granted to the organisation',
        params: OrgParams,
        response: { 200: Type.Array(Role), ...errors(404) },
      },
    },
    async (request) => {
      await findOrg(ps.db, request.params.orgId);
      return grantedRoles(request.params.orgId);
    },
  );

  app.put(
    '/v1/org/:orgId/roles',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Replaces the roles granted to the organisation (they hold for its members and those below)',
        params: OrgParams,
        body: RoleIdsInput,
        response: { 200: Type.Array(Role), ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await setOrgRoles(ps, auditActorOf(request), request.params.orgId, request.body.roleIds);
      return grantedRoles(request.params.orgId);
    },
  );

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

  app.get(
    '/v1/org/:orgId/secondary',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Users with the organisation as a secondary department',
        params: OrgParams,
        response: { 200: Type.Array(User), ...errors(404) },
      },
    },
    async (request) => {
      await findOrg(ps.db, request.params.orgId);
      return secondaryUsers(request.params.orgId);
    },
  );

  app.put(
    '/v1/org/:orgId/secondary',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Replaces the users with the organisation as a secondary department',
        params: OrgParams,
        body: UserIdsInput,
        response: { 200: Type.Array(User), ...errors(400, 404) },
      },
    },
    async (request) => {
      await setSecondaryUsers(ps, auditActorOf(request), request.params.orgId, request.body.userIds);
      return secondaryUsers(request.params.orgId);
    },
  );

  app.get(
    '/v1/org/:orgId/resource-ref',
    {
      config: gated,
      schema: { tags, summary: 'What refers to the organisation', params: OrgParams, response: { 200: OrgResourceRef, ...errors(404) } },
    },
    async (request) => resourceRefs(ps.db, request.params.orgId),
  );
};
