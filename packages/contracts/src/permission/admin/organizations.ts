import { Type } from 'typebox';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Organization, OrganizationInput } from '../../identity.ts';
import { MoveInput, OrgParams, OrgTreeQuery } from '../../identity-extra.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['organizations'];
const path = `${PERMISSION_PREFIX}/v1/org`;
const gated = { access: 'gated', tags } as const;

/** The organisation tree: reading it level by level or whole, creating, editing, moving, deleting. */
export const organizationEndpoints = {
  treeLevel: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/tree`,
    summary: 'One level of the tree: the roots, or the children of parentId',
    query: OrgTreeQuery,
    responses: { 200: Type.Array(Organization) },
  }),
  wholeTree: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/tree/whole`,
    summary: 'Every organisation, nested',
    // A reference, not the recursive schema inline: the server registers OrganizationTreeNode by its $id.
    responses: { 200: Type.Array(Type.Unsafe<Organization>({ $ref: 'OrganizationTreeNode#' })) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates an organisation under parentId (a root without one)',
    body: OrganizationInput,
    responses: { 200: Organization, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{orgId}`,
    summary: 'One organisation',
    params: OrgParams,
    responses: { 200: Organization, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{orgId}`,
    summary: 'Edits an organisation',
    params: OrgParams,
    body: OrganizationInput,
    responses: { 200: Organization, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{orgId}`,
    summary: 'Deletes an organisation without members, children or positions',
    params: OrgParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  move: endpoint({
    ...gated,
    method: 'PATCH',
    path: `${path}/{orgId}/order`,
    summary: 'Moves an organisation under a parent at a position among its siblings (drag and drop)',
    params: OrgParams,
    body: MoveInput,
    responses: { 200: Organization, ...errorResponses(400, 404, 409) },
  }),
  children: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{orgId}/children/org`,
    summary: 'The direct sub-organisations',
    params: OrgParams,
    responses: { 200: Type.Array(Organization), ...errorResponses(404) },
  }),
};
