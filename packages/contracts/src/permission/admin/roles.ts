import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Role, RoleInput, RoleResources } from '../../identity.ts';
import { RoleCopyInput, RoleParams } from '../../identity-extra.ts';
import { Page, PageQuery } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['roles'];
const path = `${PERMISSION_PREFIX}/roles`;
const gated = { access: 'gated', tags } as const;

/** Roles: CRUD, copying, and the menu nodes each one grants. */
export const roleEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Roles, by keyword',
    query: PageQuery,
    responses: { 200: Page(Role) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a role (granting nothing yet)',
    body: RoleInput,
    responses: { 200: Role, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{roleId}`,
    summary: 'One role',
    params: RoleParams,
    responses: { 200: Role, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{roleId}`,
    summary: 'Edits a role',
    params: RoleParams,
    body: RoleInput,
    responses: { 200: Role, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{roleId}`,
    summary: 'Deletes a role (its holders lose it)',
    params: RoleParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  copy: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/{roleId}/copy`,
    summary: 'A new role granting the same menu nodes',
    params: RoleParams,
    body: RoleCopyInput,
    responses: { 200: Role, ...errorResponses(400, 403, 404, 409) },
  }),
  resources: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{roleId}/resources`,
    summary: 'The menu nodes the role grants',
    params: RoleParams,
    responses: { 200: RoleResources, ...errorResponses(404) },
  }),
  setResources: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{roleId}/resources`,
    summary: 'Replaces the menu nodes the role grants (only nodes the caller holds may be added)',
    params: RoleParams,
    body: RoleResources,
    responses: { 200: RoleResources, ...errorResponses(400, 403, 404, 409) },
  }),
};
