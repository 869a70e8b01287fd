import { Type, type Static } from 'typebox';
import { Ok } from '../common.ts';
import { endpoint, errorResponses } from '../endpoint.ts';
import { IdParams, Nullable, Page, PageQuery, Timestamp } from '../paging.ts';
import { XLSX_CONTENT_TYPE } from '../users.ts';
import { MESSAGE_ENGINE_PREFIX } from './prefix.ts';

/** A classification's code: what senders and imports name it by. */
export const CLASSIFICATION_CODE_PATTERN = '^[A-Za-z0-9_.-]+$';
export const CLASSIFICATION_LIMITS = { code: 64, name: 100, description: 500, sort: 1_000_000 } as const;

/** What messages are about (orders, approvals, security…): users mute a classification per channel type. */
export const Classification = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  sort: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Classification = Static<typeof Classification>;

export const ClassificationInput = Type.Object({
  code: Type.String({ minLength: 1, maxLength: CLASSIFICATION_LIMITS.code, pattern: CLASSIFICATION_CODE_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: CLASSIFICATION_LIMITS.name }),
  description: Type.Optional(Nullable(Type.String({ maxLength: CLASSIFICATION_LIMITS.description }))),
  sort: Type.Optional(Type.Integer({ minimum: -CLASSIFICATION_LIMITS.sort, maximum: CLASSIFICATION_LIMITS.sort })),
});
export type ClassificationInput = Static<typeof ClassificationInput>;

/** One classification as pickers show it. */
export const ClassificationBrief = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });
export type ClassificationBrief = Static<typeof ClassificationBrief>;

/** Columns of the import template and of an imported sheet, in order (the header row). */
export const CLASSIFICATION_EXCEL_COLUMNS = ['code', 'name', 'description', 'sort'] as const;
/** At most this many classification rows per imported file. */
export const CLASSIFICATION_IMPORT_MAX_ROWS = 5000;
/** The largest workbook an import accepts, in bytes. */
export const CLASSIFICATION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** `created` and `updated`: rows whose code was new, and rows whose code existed (that classification was updated). */
export const ClassificationImportResult = Type.Object({ created: Type.Integer(), updated: Type.Integer() });
export type ClassificationImportResult = Static<typeof ClassificationImportResult>;

const tags = ['message classifications'];
const path = `${MESSAGE_ENGINE_PREFIX}/v1/classifications`;
const gated = { access: 'gated', tags } as const;
const workbook = { mediaType: XLSX_CONTENT_TYPE, description: 'An .xlsx workbook', schema: Type.String({ format: 'binary' }) };

/** Message classifications (page messageCenter > classifiedManagement): CRUD, a list for pickers, Excel import. */
export const classificationEndpoints = {
  list: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'Classifications, by keyword (code, name), by sort then name unless sorted otherwise',
    query: PageQuery,
    responses: { 200: Page(Classification) },
  }),
  picks: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${path}/list`,
    summary: 'Every classification, id, code and name only, by sort then name (for pickers); any signed-in user',
    responses: { 200: Type.Array(ClassificationBrief) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a classification; a taken code or name answers 409 naming it',
    body: ClassificationInput,
    responses: { 200: Classification, ...errorResponses(400, 409) },
  }),
  get: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/{id}`,
    summary: 'One classification',
    params: IdParams,
    responses: { 200: Classification, ...errorResponses(404) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a classification',
    params: IdParams,
    body: ClassificationInput,
    responses: { 200: Classification, ...errorResponses(400, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: "Deletes a classification; its templates and messages keep no classification, users' mutes of it go",
    params: IdParams,
    responses: { 200: Ok, ...errorResponses(404) },
  }),
  template: endpoint({
    ...gated,
    method: 'GET',
    path: `${path}/import/template`,
    summary: 'The .xlsx template for importing classifications: the header row, an example row and a notes sheet',
    responses: {},
    produces: workbook,
  }),
  import: endpoint({
    ...gated,
    method: 'POST',
    path: `${path}/import`,
    summary:
      'Imports classifications from an .xlsx (multipart part "file", or the raw body): a new code creates one, an existing code ' +
      'updates it; all rows or none, every refused row named in details.rows',
    consumes: ['multipart/form-data', XLSX_CONTENT_TYPE],
    responses: { 200: ClassificationImportResult, ...errorResponses(400, 403, 409, 413, 415) },
  }),
};
