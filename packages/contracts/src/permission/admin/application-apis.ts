import { Type } from 'typebox';
import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { ApplicationIdParams } from '../../applications.ts';
import {
  ApiAuthorization,
  ApiAuthorizationInput,
  ApiAuthorizationParams,
  ApiAuthorizationUpdate,
  ExternalApi,
  ExternalApiImportResult,
  ExternalApiInput,
  ExternalApiParams,
  OpenApiDocument,
} from '../../application-apis.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';
import { ownerOrPoint } from './application-access.ts';

const ofApplication = `${PERMISSION_PREFIX}/v4/applications/{applicationId}`;
const apis = `${ofApplication}/external-apis`;
const authorizations = `${ofApplication}/apis-authorization`;

/** The endpoints an application exposes to other applications (applicationManage > application > detail). */
export const externalApiEndpoints = {
  list: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: apis,
    summary: "An application's external APIs, by path and method",
    params: ApplicationIdParams,
    responses: { 200: Type.Array(ExternalApi), ...errorResponses(403, 404) },
  }),
  create: endpoint({
    ...ownerOrPoint,
    method: 'POST',
    path: apis,
    summary: 'Declares an external API of the application (one per method and path)',
    params: ApplicationIdParams,
    body: ExternalApiInput,
    responses: { 200: ExternalApi, ...errorResponses(400, 403, 404, 409) },
  }),
  get: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: `${apis}/{apiId}`,
    summary: 'One external API of the application',
    params: ExternalApiParams,
    responses: { 200: ExternalApi, ...errorResponses(403, 404) },
  }),
  update: endpoint({
    ...ownerOrPoint,
    method: 'PUT',
    path: `${apis}/{apiId}`,
    summary: 'Edits an external API of the application',
    params: ExternalApiParams,
    body: ExternalApiInput,
    responses: { 200: ExternalApi, ...errorResponses(400, 403, 404, 409) },
  }),
  remove: endpoint({
    ...ownerOrPoint,
    method: 'DELETE',
    path: `${apis}/{apiId}`,
    summary: 'Removes an external API of the application, and every authorisation to call it',
    params: ExternalApiParams,
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
  importOpenApi: endpoint({
    ...ownerOrPoint,
    method: 'POST',
    path: `${apis}/openapi`,
    summary:
      "Imports the operations of an OpenAPI 3 document (JSON) as the application's external APIs: all or none; " +
      'an API of the same method and path is updated, others are kept',
    params: ApplicationIdParams,
    body: OpenApiDocument,
    responses: { 200: ExternalApiImportResult, ...errorResponses(400, 403, 404, 413) },
  }),
};

/** Which other application may call which external API of this application, until when ("apis authorization"). */
export const apiAuthorizationEndpoints = {
  list: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: authorizations,
    summary: "The authorisations of other applications to call this application's APIs, expired ones included",
    params: ApplicationIdParams,
    responses: { 200: Type.Array(ApiAuthorization), ...errorResponses(403, 404) },
  }),
  create: endpoint({
    ...ownerOrPoint,
    method: 'POST',
    path: authorizations,
    summary: 'Authorises another application to call one API of this application, until expiresAt (in the future) or for good',
    params: ApplicationIdParams,
    body: ApiAuthorizationInput,
    responses: { 200: ApiAuthorization, ...errorResponses(400, 403, 404, 409) },
  }),
  update: endpoint({
    ...ownerOrPoint,
    method: 'PUT',
    path: `${authorizations}/{authorizationId}`,
    summary: 'Changes when an authorisation ends (in the future, or null for never)',
    params: ApiAuthorizationParams,
    body: ApiAuthorizationUpdate,
    responses: { 200: ApiAuthorization, ...errorResponses(400, 403, 404) },
  }),
  revoke: endpoint({
    ...ownerOrPoint,
    method: 'DELETE',
    path: `${authorizations}/{authorizationId}`,
    summary: 'Revokes an authorisation: the other application may no longer call that API',
    params: ApiAuthorizationParams,
    responses: { 200: Ok, ...errorResponses(403, 404) },
  }),
  received: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: `${ofApplication}/authorized-apis`,
    summary: "The APIs of other applications this application is authorised to call (the detail's authorised interfaces tab)",
    params: ApplicationIdParams,
    responses: { 200: Type.Array(ApiAuthorization), ...errorResponses(403, 404) },
  }),
};
