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
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { groups, roles } from '../tables.ts';
import type { PermissionService } from '../context.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { errors } from '../../../platform/responses.ts';
import { listMembers } from '../users/admin/list.ts';
import { groupsOfRole, groupsOfUser, rolesOfGroup, rolesOfUser } from './queries.ts';
import { addRelation, RELATIONS, removeRelation, type Relation } from './service.ts';

const tags = ['relations'];
const gated = { access: 'gated' } as const;
const changeResponse = { 200: LinkChange, ...errors(400, 403, 409) };

/** One side's read of a relation: its query, its answer and how to answer it. */
interface RelationRead<Q extends TSchema> {
  summary: string;
  querystring: Q;
  response: TSchema;
  read(query: Static<Q>): Promise<unknown>;
}

/** A relation's four calls: GET `path` (from the body's single side), GET `path/reverse`, POST and DELETE `path`. */
interface RelationCalls<Q extends TSchema, R extends TSchema> {
  path: string;
  relation: Relation;
  body: TObject;
  added: string;
  removed: string;
  list: RelationRead<Q>;
  reverse: RelationRead<R>;
}

/** Who is in which group, who holds which role directly, which groups hold which role: both directions. */
export const relationRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  function readCall<Q extends TSchema>(url: string, { summary, querystring, response, read }: RelationRead<Q>) {
    app.get(url, { config: gated, schema: { tags, summary, querystring, response: { 200: response, ...errors(404) } } }, async (request) =>
      // Fastify has validated the query against `querystring`; the provider cannot name its type for a generic schema.
      read(request.query as Static<Q>),
    );
  }

  function relationCalls<Q extends TSchema, R extends TSchema>(calls: RelationCalls<Q, R>) {
    const { path, relation, body } = calls;
    // The body schema holds the single id under `own.field` and the list under `others.field`.
    const idsOf = (input: unknown): [string, string[]] => {
      const fields = input as Record<string, string | string[]>;
      return [fields[relation.own.field] as string, fields[relation.others.field] as string[]];
    };
    readCall(path, calls.list);
    readCall(`${path}/reverse`, calls.reverse);
    app.post(path, { config: gated, schema: { tags, summary: calls.added, body, response: changeResponse } }, async (request) =>
      addRelation(ps, auditActorOf(request), relation, ...idsOf(request.body)),
    );
    app.delete(path, { config: gated, schema: { tags, summary: calls.removed, body, response: changeResponse } }, async (request) =>
      removeRelation(ps, auditActorOf(request), relation, ...idsOf(request.body)),
    );
  }

  relationCalls({
    path: '/rels/users/groups',
    relation: RELATIONS.groupUsers,
    body: GroupUsersInput,
    added: 'Adds users to a group',
    removed: 'Removes users from a group',
    list: {
      summary: 'The members of a group',
      querystring: GroupUsersQuery,
      response: Page(User),
      read: async (query) => {
        await findOr404(ps.db, groups, query.groupId, 'The group');
        return listMembers(ps.db, query, { groupId: query.groupId });
      },
    },
    reverse: {
      summary: 'The groups of a user',
      querystring: UserIdQuery,
      response: Type.Array(Group),
      read: (query) => groupsOfUser(ps.db, query.userId),
    },
  });

  relationCalls({
    path: '/rels/roles/users',
    relation: RELATIONS.roleUsers,
    body: RoleUsersInput,
    added: 'Gives a role to users',
    removed: 'Takes a role from users',
    list: {
      summary: 'The users holding a role directly',
      querystring: RoleUsersQuery,
      response: Page(User),
      read: async (query) => {
        await findOr404(ps.db, roles, query.roleId, 'The role');
        return listMembers(ps.db, query, { roleId: query.roleId });
      },
    },
    reverse: {
      summary: 'The roles a user holds directly',
      querystring: UserIdQuery,
      response: Type.Array(Role),
      read: (query) => rolesOfUser(ps.db, query.userId),
    },
  });

  relationCalls({
    path: '/rels/roles/groups',
    relation: RELATIONS.roleGroups,
    body: RoleGroupsInput,
    added: 'Gives a role to groups',
    removed: 'Takes a role from groups',
    list: {
      summary: 'The groups holding a role',
      querystring: RoleIdQuery,
      response: Type.Array(Group),
      read: (query) => groupsOfRole(ps.db, query.roleId),
    },
    reverse: {
      summary: 'The roles of a group',
      querystring: GroupIdQuery,
      response: Type.Array(Role),
      read: (query) => rolesOfGroup(ps.db, query.groupId),
    },
  });
};
