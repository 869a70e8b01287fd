import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Group,
  GroupIdQuery,
  GroupUsersInput,
  GroupUsersQuery,
  LinkChange,
  Page,
  Role,
  RoleGroupsInput,
  RoleIdQuery,
  RoleUsersInput,
  RoleUsersQuery,
  User,
  UserIdQuery,
} from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { groups, roles } from '../../../platform/db/schema.ts';
import type { PermissionService } from '../context.ts';
import { findOr404 } from '../common/existence.ts';
import { errors } from '../common/responses.ts';
import { pageUsers } from '../common/user-list.ts';
import { groupsOfRole, groupsOfUser, holderOfRole, memberOfGroup, rolesOfGroup, rolesOfUser } from './queries.ts';
import { addRelation, RELATIONS, removeRelation } from './service.ts';

const tags = ['relations'];
const gated = { access: 'gated' } as const;
const changeResponse = { 200: LinkChange, ...errors(400, 403, 409) };

/** Who is in which group, who holds which role directly, which groups hold which role: both directions. */
export const relationRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/rels/users/groups',
    {
      config: gated,
      schema: { tags, summary: 'The members of a group', querystring: GroupUsersQuery, response: { 200: Page(User), ...errors(404) } },
    },
    async (request) => {
      await findOr404(ps.db, groups, request.query.groupId, 'The group');
      return pageUsers(ps.db, memberOfGroup(ps.db, request.query.groupId), request.query);
    },
  );
  app.get(
    '/rels/users/groups/reverse',
    {
      config: gated,
      schema: { tags, summary: 'The groups of a user', querystring: UserIdQuery, response: { 200: Type.Array(Group), ...errors(404) } },
    },
    async (request) => groupsOfUser(ps.db, request.query.userId),
  );
  app.post(
    '/rels/users/groups',
    { config: gated, schema: { tags, summary: 'Adds users to a group', body: GroupUsersInput, response: changeResponse } },
    async (request) => addRelation(ps, auditActorOf(request), RELATIONS.groupUsers, request.body.groupId, request.body.userIds),
  );
  app.delete(
    '/rels/users/groups',
    { config: gated, schema: { tags, summary: 'Removes users from a group', body: GroupUsersInput, response: changeResponse } },
    async (request) => removeRelation(ps, auditActorOf(request), RELATIONS.groupUsers, request.body.groupId, request.body.userIds),
  );

  app.get(
    '/rels/roles/users',
    {
      config: gated,
      schema: {
        tags,
        summary: 'The users holding a role directly',
        querystring: RoleUsersQuery,
        response: { 200: Page(User), ...errors(404) },
      },
    },
    async (request) => {
      await findOr404(ps.db, roles, request.query.roleId, 'The role');
      return pageUsers(ps.db, holderOfRole(ps.db, request.query.roleId), request.query);
    },
  );
  app.get(
    '/rels/roles/users/reverse',
    {
      config: gated,
      schema: {
        tags,
        summary: 'The roles a user holds directly',
        querystring: UserIdQuery,
        response: { 200: Type.Array(Role), ...errors(404) },
      },
    },
    async (request) => rolesOfUser(ps.db, request.query.userId),
  );
  app.post(
    '/rels/roles/users',
    { config: gated, schema: { tags, summary: 'Gives a role to users', body: RoleUsersInput, response: changeResponse } },
    async (request) => addRelation(ps, auditActorOf(request), RELATIONS.roleUsers, request.body.roleId, request.body.userIds),
  );
  app.delete(
    '/rels/roles/users',
    { config: gated, schema: { tags, summary: 'Takes a role from users', body: RoleUsersInput, response: changeResponse } },
    async (request) => removeRelation(ps, auditActorOf(request), RELATIONS.roleUsers, request.body.roleId, request.body.userIds),
  );

  app.get(
    '/rels/roles/groups',
    {
      config: gated,
      schema: {
        tags,
        summary: 'The groups holding a role',
        querystring: RoleIdQuery,
        response: { 200: Type.Array(Group), ...errors(404) },
      },
    },
    async (request) => groupsOfRole(ps.db, request.query.roleId),
  );
  app.get(
    '/rels/roles/groups/reverse',
    {
      config: gated,
      schema: { tags, summary: 'The roles of a group', querystring: GroupIdQuery, response: { 200: Type.Array(Role), ...errors(404) } },
    },
    async (request) => rolesOfGroup(ps.db, request.query.groupId),
  );
  app.post(
    '/rels/roles/groups',
    { config: gated, schema: { tags, summary: 'Gives a role to groups', body: RoleGroupsInput, response: changeResponse } },
    async (request) => addRelation(ps, auditActorOf(request), RELATIONS.roleGroups, request.body.roleId, request.body.groupIds),
  );
  app.delete(
    '/rels/roles/groups',
    { config: gated, schema: { tags, summary: 'Takes a role from groups', body: RoleGroupsInput, response: changeResponse } },
    async (request) => removeRelation(ps, auditActorOf(request), RELATIONS.roleGroups, request.body.roleId, request.body.groupIds),
  );
};
