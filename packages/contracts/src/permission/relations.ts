import { Type, type TSchema } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Group, Role, User } from '../identity.ts';
import {
  GroupIdQuery,
  GroupUsersInput,
  GroupUsersQuery,
  LinkChange,
  RoleGroupsInput,
  RoleIdQuery,
  RoleUsersInput,
  RoleUsersQuery,
  UserIdQuery,
} from '../identity-extra.ts';
import { Page } from '../paging.ts';
import { PERMISSION_PREFIX } from './prefix.ts';

const tags = ['relations'];

interface RelationText {
  list: string;
  reverse: string;
  added: string;
  removed: string;
}

/** A relation's four calls: GET `path` (from the single side), GET `path/reverse`, POST and DELETE `path`. */
function relationCalls<
  const Q extends TSchema,
  const L extends TSchema,
  const R extends TSchema,
  const RL extends TSchema,
  const B extends TSchema,
>(relation: string, text: RelationText, schemas: { query: Q; list: L; reverseQuery: R; reverse: RL; body: B }) {
  const path = `${PERMISSION_PREFIX}/rels/${relation}` as const;
  const change = {
    access: 'gated',
    tags,
    path,
    body: schemas.body,
    responses: { 200: LinkChange, ...errorResponses(400, 403, 409) },
  } as const;
  return {
    list: endpoint({
      access: 'gated',
      tags,
      method: 'GET',
      path,
      summary: text.list,
      query: schemas.query,
      responses: { 200: schemas.list, ...errorResponses(404) },
    }),
    reverse: endpoint({
      access: 'gated',
      tags,
      method: 'GET',
      path: `${path}/reverse`,
      summary: text.reverse,
      query: schemas.reverseQuery,
      responses: { 200: schemas.reverse, ...errorResponses(404) },
    }),
    add: endpoint({ ...change, method: 'POST', summary: text.added }),
    remove: endpoint({ ...change, method: 'DELETE', summary: text.removed }),
  };
}

/** Who is in which group, who holds which role directly, which groups hold which role: both directions. */
export const relationEndpoints = {
  groupUsers: relationCalls(
    'users/groups',
    {
      list: 'The members of a group',
      reverse: 'The groups of a user',
      added: 'Adds users to a group',
      removed: 'Removes users from a group',
    },
    { query: GroupUsersQuery, list: Page(User), reverseQuery: UserIdQuery, reverse: Type.Array(Group), body: GroupUsersInput },
  ),
  roleUsers: relationCalls(
    'roles/users',
    {
      list: 'The users holding a role directly',
      reverse: 'The roles a user holds directly',
      added: 'Gives a role to users',
      removed: 'Takes a role from users',
    },
    { query: RoleUsersQuery, list: Page(User), reverseQuery: UserIdQuery, reverse: Type.Array(Role), body: RoleUsersInput },
  ),
  roleGroups: relationCalls(
    'roles/groups',
    {
      list: 'The groups holding a role',
      reverse: 'The roles of a group',
      added: 'Gives a role to groups',
      removed: 'Takes a role from groups',
    },
    { query: RoleIdQuery, list: Type.Array(Group), reverseQuery: GroupIdQuery, reverse: Type.Array(Role), body: RoleGroupsInput },
  ),
};
