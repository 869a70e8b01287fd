import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { FrontendResources } from '../../menus.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

/** GET /users/self/roles: a role the caller holds, by any way (direct, group, organisation, position). */
export const OwnRole = Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() });
export type OwnRole = Static<typeof OwnRole>;

/** GET /users/resources/frontend: without `instant` the console's tree, with it that application's. */
export const FrontendResourcesQuery = Type.Object({ instant: Type.Optional(Type.String({ maxLength: 128 })) });
export type FrontendResourcesQuery = Static<typeof FrontendResourcesQuery>;

const signedIn = { access: 'signedIn', tags: ['users'] } as const;

/** What the caller is granted: their roles, and the menu tree and resource strings the web opens by. */
export const ownGrantEndpoints = {
  roles: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/users/self/roles`,
    summary: "The caller's roles",
    responses: { 200: Type.Array(OwnRole) },
  }),
  frontend: endpoint({
    ...signedIn,
    method: 'GET',
    path: `${PERMISSION_PREFIX}/users/resources/frontend`,
    summary: "The caller's permitted menu tree and resource strings: the console's, or with instant one application's",
    query: FrontendResourcesQuery,
    responses: { 200: FrontendResources, ...errorResponses(404) },
  }),
};
