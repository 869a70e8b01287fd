import { Type } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Position, Role, User } from '../../identity.ts';
import { OrgParams, OrgResourceRef, OrgUsersQuery, OwnedRole, RoleIdsInput, UserIdsInput } from '../../identity-extra.ts';
import { Page } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const path = `${PERMISSION_PREFIX}/v1/org/{orgId}`;
const ofOrganization = { access: 'gated', tags: ['organizations'], params: OrgParams } as const;

/** What hangs off an organisation: members, positions, granted roles, secondary members, references. */
export const organizationMemberEndpoints = {
  positions: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/stations`,
    summary: 'The positions of the organisation',
    responses: { 200: Type.Array(Position), ...errorResponses(404) },
  }),
  members: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/users`,
    summary: 'Members of the organisation (with subtree=true, of every organisation below it too)',
    query: OrgUsersQuery,
    responses: { 200: Page(User), ...errorResponses(404) },
  }),
  roles: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/roles`,
    summary: 'Roles granted to the organisation',
    responses: { 200: Type.Array(Role), ...errorResponses(404) },
  }),
  setRoles: endpoint({
    ...ofOrganization,
    method: 'PUT',
    path: `${path}/roles`,
    summary: 'Replaces the roles granted to the organisation (they hold for its members and those below)',
    body: RoleIdsInput,
    responses: { 200: Type.Array(Role), ...errorResponses(400, 403, 404, 409) },
  }),
  ownedRoles: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/roles/owned`,
    summary: "Roles effective for the organisation's members: its own and its ancestors'",
    responses: { 200: Type.Array(OwnedRole), ...errorResponses(404) },
  }),
  secondaryUsers: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/secondary`,
    summary: 'Users with the organisation as a secondary department',
    responses: { 200: Type.Array(User), ...errorResponses(404) },
  }),
  setSecondaryUsers: endpoint({
    ...ofOrganization,
    method: 'PUT',
    path: `${path}/secondary`,
    summary: 'Replaces the users with the organisation as a secondary department',
    body: UserIdsInput,
    responses: { 200: Type.Array(User), ...errorResponses(400, 404) },
  }),
  references: endpoint({
    ...ofOrganization,
    method: 'GET',
    path: `${path}/resource-ref`,
    summary: 'What refers to the organisation',
    responses: { 200: OrgResourceRef, ...errorResponses(404) },
  }),
};
