import { endpoint, errorResponses } from '../endpoint.ts';
import { UserConfigBody, UserConfigParams, UserConfigQuery, UserConfigResult } from '../user-config.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';

const signedIn = { access: 'signedIn', tags: ['user config'] } as const;
const path = `${SYSTEM_CONFIG_PREFIX}/user/{userId}/config`;

/** A user reads and writes only their own configuration. */
export const userConfigEndpoints = {
  get: endpoint({
    ...signedIn,
    method: 'GET',
    path,
    summary: "The caller's configuration of this name (Navmenu, Preferences)",
    params: UserConfigParams,
    query: UserConfigQuery,
    responses: { 200: UserConfigResult, ...errorResponses(403) },
  }),
  replace: endpoint({
    ...signedIn,
    method: 'PUT',
    path,
    summary: "Replaces the caller's configuration of this name",
    params: UserConfigParams,
    query: UserConfigQuery,
    body: UserConfigBody,
    responses: { 200: UserConfigResult, ...errorResponses(400, 403) },
  }),
};
