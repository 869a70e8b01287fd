import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import {
  Application,
  ApplicationIdParams,
  ApplicationInput,
  ApplicationOwnerBody,
  ApplicationQuery,
  ApplicationStateBody,
  ApplicationUpdate,
  InstantParams,
} from '../../applications.ts';
import { Type } from 'typebox';
import { Page } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';
import { ownerOrPoint } from './application-access.ts';

const tags = ['applications'];
const path = `${PERMISSION_PREFIX}/applications/{applicationId}`;
const gated = { access: 'gated', tags } as const;
const ofApplication = { ...gated, params: ApplicationIdParams } as const;

/**
 * The application registry of the console (applicationManage > application).
 */
export const applicationEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/v4/applications`,
    summary: 'Applications, by keyword (instant, name), type and state',
    query: ApplicationQuery,
    responses: { 200: Page(Application) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path: `${PERMISSION_PREFIX}/v4/applications`,
    summary: 'Registers an application with its root menu node; the caller owns it',
    body: ApplicationInput,
    responses: { 200: Application, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    // Gated like the list, and the application's owner may read it too.
    ...ownerOrPoint,
    params: ApplicationIdParams,
    method: 'GET',
    path,
    summary: 'One application',
    responses: { 200: Application, ...errorResponses(403, 404) },
  }),
  update: endpoint({
    ...ofApplication,
    method: 'PUT',
    path,
    summary: 'Edits an application (a new instant renames its menu resources; firstParty: no consent screen)',
    body: ApplicationUpdate,
    responses: { 200: Application, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...ofApplication,
    method: 'DELETE',
    path,
    summary: 'Deletes an application and its menu tree (not the internal ones)',
    responses: { 200: Ok, ...errorResponses(404, 409) },
  }),
  setState: endpoint({
    ...ofApplication,
    method: 'PATCH',
    path: `${path}/state`,
    summary: 'Enables or disables an application',
    body: ApplicationStateBody,
    responses: { 200: Application, ...errorResponses(400, 404, 409) },
  }),
  setOwner: endpoint({
    ...ofApplication,
    method: 'PATCH',
    path: `${path}/owner`,
    summary: 'Hands an application to another user',
    body: ApplicationOwnerBody,
    responses: { 200: Application, ...errorResponses(400, 404) },
  }),
  instantTaken: endpoint({
    ...gated,
    method: 'HEAD',
    path: `${PERMISSION_PREFIX}/v4/applications/instant/{instant}`,
    summary: 'Whether an instant is taken (200) or free (404): used by an application, a menu resource, or reserved',
    params: InstantParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 404) },
  }),
};
