import { Type } from 'typebox';
import {
  ApplicationAuthorization,
  ApplicationAuthorizationBody,
  ApplicationAuthorizationQuery,
  AuthorizationSubject,
  AuthorizationSubjectParams,
  AuthorizationSubjectQuery,
} from '../../application-authorizations.ts';
import { ApplicationIdParams } from '../../applications.ts';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Page } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';
import { ownerOrPoint } from './application-access.ts';

const path = `${PERMISSION_PREFIX}/v4/applications/{applicationId}/authorizations`;
// An owner authorises people for their application without being an administrator.

/** Who may open an application and which of its pages and points they hold (the detail's user permission tab). */
export const applicationAuthorizationEndpoints = {
  list: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path,
    summary: "The users, groups and organisations authorised for the application's pages and points",
    params: ApplicationIdParams,
    query: ApplicationAuthorizationQuery,
    responses: { 200: Page(ApplicationAuthorization), ...errorResponses(400, 403, 404) },
  }),
  subjects: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: `${path}/subjects`,
    summary: 'Users, groups and organisations to authorise, by name (at most 20 of each)',
    params: ApplicationIdParams,
    query: AuthorizationSubjectQuery,
    responses: { 200: Type.Array(AuthorizationSubject), ...errorResponses(400, 403, 404) },
  }),
  set: endpoint({
    ...ownerOrPoint,
    method: 'PUT',
    path: `${path}/{subjectType}/{subjectId}`,
    summary:
      "Sets the nodes of the application's tree a user, group or organisation holds; a node outside the tree, or an " +
      'unknown subject, answers 400; a point gating calls the caller does not hold answers 403',
    params: AuthorizationSubjectParams,
    body: ApplicationAuthorizationBody,
    responses: { 200: ApplicationAuthorization, ...errorResponses(400, 403, 404) },
  }),
  remove: endpoint({
    ...ownerOrPoint,
    method: 'DELETE',
    path: `${path}/{subjectType}/{subjectId}`,
    summary: 'Takes the application away from a user, group or organisation (what this authorisation gave)',
    params: AuthorizationSubjectParams,
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
};
