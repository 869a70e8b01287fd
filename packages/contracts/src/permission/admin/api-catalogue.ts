import { Ok } from '../../common.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { ApiCatalogueFacets, ApiCatalogueQuery, ApiDetail, ApiEntry, ApiIdParams } from '../../api-catalogue.ts';
import { IdParams, Page } from '../../paging.ts';
import { PageModel, PageModelDetail, PageModelInput, PageModelQuery, PageModelVersion, PageModelVersionParams } from '../../page-models.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const apis = `${PERMISSION_PREFIX}/v4/apis`;
/**
 * Gated by the page's points: their holders see every API, the platform's and every application's
 * (disabled ones marked), with who may call each; an application's owner without a point sees its
 * APIs through the application's own external-apis calls instead.
 */
const catalogue = { access: 'gated', tags: ['api catalogue'] } as const;

/** The API catalogue (applicationManage > api-management): every API the platform and its applications expose. */
export const apiCatalogueEndpoints = {
  list: endpoint({
    ...catalogue,
    method: 'GET',
    path: apis,
    summary:
      "APIs, the platform's and its applications', by module (an application's instant), tag, method, source and keyword " +
      '(path, summary), by module then path',
    query: ApiCatalogueQuery,
    responses: { 200: Page(ApiEntry), ...errorResponses(400) },
  }),
  facets: endpoint({
    ...catalogue,
    method: 'GET',
    path: `${apis}/facets`,
    summary: 'The modules and tags the catalogue holds, and which modules are applications (the choices of its filters)',
    responses: { 200: ApiCatalogueFacets },
  }),
  get: endpoint({
    ...catalogue,
    method: 'GET',
    path: `${apis}/{apiId}`,
    summary:
      'One API: its parameters, body and answers, and who may call it: the roles granted a point gating a platform call, ' +
      "or the applications authorised (until when) to call an application's",
    params: ApiIdParams,
    responses: { 200: ApiDetail, ...errorResponses(400, 404) },
  }),
};

const models = `${PERMISSION_PREFIX}/v4/page-models`;
const pageModels = { access: 'gated', tags: ['page models'] } as const;

/** Page models (applicationManage > page-models): stored page definitions, each save a new version. */
export const pageModelEndpoints = {
  list: endpoint({
    ...pageModels,
    method: 'GET',
    path: models,
    summary: 'Page models, by keyword (name) and application',
    query: PageModelQuery,
    responses: { 200: Page(PageModel), ...errorResponses(400) },
  }),
  create: endpoint({
    ...pageModels,
    method: 'POST',
    path: models,
    summary: 'Stores a page model as its version 1; a name taken in the application answers 409',
    body: PageModelInput,
    responses: { 200: PageModelDetail, ...errorResponses(400, 404, 409) },
  }),
  get: endpoint({
    ...pageModels,
    method: 'GET',
    path: `${models}/{id}`,
    summary: 'One page model: its current definition and its versions, newest first',
    params: IdParams,
    responses: { 200: PageModelDetail, ...errorResponses(404) },
  }),
  update: endpoint({
    ...pageModels,
    method: 'PUT',
    path: `${models}/{id}`,
    summary: 'Saves a page model: its definition becomes a new version (earlier versions are kept, never edited)',
    params: IdParams,
    body: PageModelInput,
    responses: { 200: PageModelDetail, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...pageModels,
    method: 'DELETE',
    path: `${models}/{id}`,
    summary: 'Deletes a page model with all its versions',
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404) },
  }),
  version: endpoint({
    ...pageModels,
    method: 'GET',
    path: `${models}/{id}/versions/{version}`,
    summary: 'One version of a page model, with its definition',
    params: PageModelVersionParams,
    responses: { 200: PageModelVersion, ...errorResponses(400, 404) },
  }),
};
