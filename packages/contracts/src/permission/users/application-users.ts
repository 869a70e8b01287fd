import { Type } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { ApplicationUsersParams } from '../../application-apis.ts';
import { UserImportQuery, UserImportResult, XLSX_CONTENT_TYPE } from '../../users.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['users', 'applications'];
const ofApplication = `${PERMISSION_PREFIX}/users/application/{id}`;

/**
 * An application's users, as the template's workbook (GET users/import/template): the users its
 * users role authorises to open it. Importing creates the users that do not exist, as the
 * organisation import does, and authorises every row's user for the application.
 */
export const applicationUserEndpoints = {
  export: endpoint({
    access: 'gated',
    tags,
    method: 'GET',
    path: `${ofApplication}/export`,
    summary: "Exports the application's users (those its users role authorises) in the template's columns",
    params: ApplicationUsersParams,
    responses: errorResponses(404),
    produces: { mediaType: XLSX_CONTENT_TYPE, description: 'An .xlsx workbook', schema: Type.String({ format: 'binary' }) },
  }),
  import: endpoint({
    access: 'gated',
    tags,
    method: 'POST',
    path: `${ofApplication}/import`,
    summary:
      'Imports users from an .xlsx (multipart part "file", or the raw body) and authorises them for the application: all rows or none; ' +
      'mode=upsert updates existing users (by username) instead of refusing them',
    params: ApplicationUsersParams,
    query: UserImportQuery,
    consumes: ['multipart/form-data', XLSX_CONTENT_TYPE],
    responses: { 200: UserImportResult, ...errorResponses(400, 403, 404, 409, 413, 415) },
  }),
};
