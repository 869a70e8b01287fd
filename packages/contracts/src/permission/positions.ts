import { Type } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Position, PositionInput, Role, User } from '../identity.ts';
import { PositionBrief, PositionQuery, RoleIdsInput, UserIdsInput } from '../identity-extra.ts';
import { IdParams, Page } from '../paging.ts';
import { PERMISSION_PREFIX } from './prefix.ts';

const tags = ['positions'];
const path = `${PERMISSION_PREFIX}/v1/stations`;
const gated = { access: 'gated', tags } as const;

/** Positions (stations): CRUD, the users filling them and the roles they confer. */
export const positionEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Positions, by organisation and keyword',
    query: PositionQuery,
    responses: { 200: Page(Position) },
  }),
  simpleList: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/simple/list`,
    summary: 'Every position, id, name and organisation only (for pickers)',
    responses: { 200: Type.Array(PositionBrief) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a position',
    body: PositionInput,
    responses: { 200: Position, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One position',
    params: IdParams,
    responses: { 200: Position, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a position',
    params: IdParams,
    body: PositionInput,
    responses: { 200: Position, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a position (its users lose its roles)',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  users: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}/users`,
    summary: 'The users filling the position',
    params: IdParams,
    responses: { 200: Type.Array(User), ...errorResponses(404) },
  }),
  setUsers: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}/users`,
    summary: 'Replaces the users filling the position',
    params: IdParams,
    body: UserIdsInput,
    responses: { 200: Type.Array(User), ...errorResponses(400, 403, 404, 409) },
  }),
  roles: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}/roles`,
    summary: 'The roles the position confers',
    params: IdParams,
    responses: { 200: Type.Array(Role), ...errorResponses(404) },
  }),
  setRoles: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}/roles`,
    summary: 'Replaces the roles the position confers',
    params: IdParams,
    body: RoleIdsInput,
    responses: { 200: Type.Array(Role), ...errorResponses(400, 403, 404, 409) },
  }),
};
