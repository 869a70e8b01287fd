import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { Group, GroupInput } from '../identity.ts';
import { GroupQuery } from '../identity-extra.ts';
import { IdParams, Page } from '../paging.ts';
import { PERMISSION_PREFIX } from './prefix.ts';

const tags = ['groups'];
const path = `${PERMISSION_PREFIX}/groups`;
const gated = { access: 'gated', tags } as const;

/** User groups: CRUD and activation (a disabled group's roles stop applying). */
export const groupEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Groups, by keyword and state',
    query: GroupQuery,
    responses: { 200: Page(Group) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a group',
    body: GroupInput,
    responses: { 200: Group, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One group',
    params: IdParams,
    responses: { 200: Group, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a group',
    params: IdParams,
    body: GroupInput,
    responses: { 200: Group, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a group (its members lose its roles)',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  activate: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/{id}/actived`,
    summary: 'Activates a group',
    params: IdParams,
    responses: { 200: Group, ...errorResponses(403, 404) },
  }),
  disable: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}/actived`,
    summary: 'Disables a group: its roles stop applying',
    params: IdParams,
    responses: { 200: Group, ...errorResponses(404, 409) },
  }),
};
