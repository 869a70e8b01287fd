import { Type } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { Application, ApplicationIdParams, ApplicationMenuParams, ApplicationToken, SelfApplicationQuery } from '../../applications.ts';
import { APPLICATION_TOKEN_TTL_SECONDS } from '../../constants.ts';
import { MenuNodeRef } from '../../menus.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['applications'];

/** The workbench's applications for the caller, and one application's menu tree for the console. */
export const applicationSelfEndpoints = {
  mine: endpoint({
    access: 'signedIn',
    tags,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/applications/self`,
    summary: 'Applications the caller may open (enabled, reached by their resources), or with owned=true those they own',
    query: SelfApplicationQuery,
    responses: { 200: Type.Array(Application) },
  }),
  menuTree: endpoint({
    access: 'gated',
    tags: ['menus', ...tags],
    method: 'GET',
    path: `${PERMISSION_PREFIX}/menus/applications/{applicationId}/{type}`,
    summary: "An application's own menu tree, pages and permission points; type must be the application's type",
    params: ApplicationMenuParams,
    responses: { 200: Type.Array(MenuNodeRef), ...errorResponses(404) },
  }),
};

/**
 * A third-party page is handed a token for its application only, never the portal's own access
 * token: with that, any page a user opened could act on the console in their name.
 */
export const applicationTokenEndpoints = {
  issue: endpoint({
    access: 'signedIn',
    tags,
    method: 'POST',
    path: `${PERMISSION_PREFIX}/applications/self/{applicationId}/token`,
    summary: `A ${APPLICATION_TOKEN_TTL_SECONDS / 60}-minute token for one of the caller's third-party (WebThird) applications, to hand to its page`,
    description: 'The token reaches GET /api/reception-center/member/who and nothing else; it ends with the caller’s session.',
    params: ApplicationIdParams,
    responses: { 200: ApplicationToken, ...errorResponses(400, 403) },
  }),
};
