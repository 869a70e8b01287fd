import { Type } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { OrgParams } from '../../identity-extra.ts';
import { UserExportQuery, UserImportQuery, UserImportResult, XLSX_CONTENT_TYPE } from '../../users.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['users'];
const orgUsersFile = `${PERMISSION_PREFIX}/v1/org/{orgId}/users/files/excel`;
const workbook = { mediaType: XLSX_CONTENT_TYPE, description: 'An .xlsx workbook', schema: Type.String({ format: 'binary' }) };

/**
 * The user template, the export of an organisation's users and their import, as .xlsx workbooks.
 * The template and the export answer a workbook, not JSON, so they declare no 200 schema; the import
 * takes the workbook as a multipart upload or the raw body, which no JSON body schema describes.
 */
export const userExcelEndpoints = {
  template: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/users/import/template`,
    summary: 'The .xlsx template for importing users: the header row and an example row',
    responses: {},
    produces: workbook,
  }),
  export: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: orgUsersFile,
    summary: "Exports the organisation's users (with subtree=true, also those of the organisations below) in the template's columns",
    params: OrgParams,
    query: UserExportQuery,
    responses: errorResponses(400, 404),
    produces: workbook,
  }),
  import: endpoint({
    access: 'gated',
    tags,
    method: 'POST',
    path: orgUsersFile,
    summary:
      'Imports users into the organisation from an .xlsx (multipart part "file", or the raw body): all rows or none; ' +
      'mode=upsert moves existing users (by username) into the organisation instead of refusing them',
    params: OrgParams,
    query: UserImportQuery,
    consumes: ['multipart/form-data', XLSX_CONTENT_TYPE],
    responses: { 200: UserImportResult, ...errorResponses(400, 403, 404, 409, 413, 415) },
  }),
};
