import {
  applicationSelfEndpoints,
  ownGrantEndpoints,
  userConfigEndpoints,
  type Application,
  type FrontendResources,
  type NavmenuConfig,
  type PreferencesConfig,
  type UserConfigBody,
  type UserConfigResult,
} from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call.ts';

/**
 * The shell's server state: the caller's applications, an application's own menu, and the per-user
 * configuration (Navmenu, Preferences). Query keys are shared with every other user of the same data.
 */

export const SELF_APPLICATIONS_KEY = ['permission', 'applications', 'self'] as const;
export const appResourcesKey = (instant: string) => ['permission', 'users', 'resources', 'frontend', instant] as const;
export const userConfigKey = (userId: string, name: UserConfigResult['name']) => ['system-config', 'user-config', userId, name] as const;

/** GET /applications/self: the applications the caller may open, sorted by the server. */
export const selfApplicationsQuery = queryOptions({
  queryKey: SELF_APPLICATIONS_KEY,
  queryFn: (): Promise<Application[]> => call(applicationSelfEndpoints.mine, undefined, { silent: true }),
});

/** GET /users/resources/frontend?instant=: an application's own menu tree and resources for the caller. */
export const appResourcesQuery = (instant: string) =>
  queryOptions({
    queryKey: appResourcesKey(instant),
    queryFn: (): Promise<FrontendResources> => call(ownGrantEndpoints.frontend, { query: { instant } }, { silent: true }),
  });

interface UserConfigs {
  Navmenu: NavmenuConfig;
  Preferences: PreferencesConfig;
}

/** GET /user/{userId}/config?name=: the user's saved config of that name, or null when never saved. */
export const userConfigQuery = <Name extends keyof UserConfigs>(userId: string, name: Name) =>
  queryOptions({
    queryKey: userConfigKey(userId, name),
    queryFn: (): Promise<UserConfigs[Name] | null> =>
      call(userConfigEndpoints.get, { params: { userId }, query: { name } }, { silent: true }).then(
        (r) => r.config as UserConfigs[Name] | null,
      ),
  });

/** PUT /user/{userId}/config?name=: replaces the whole config of that name. `silent`: the caller shows its own error. */
export const saveUserConfig = (userId: string, body: UserConfigBody, silent = false): Promise<UserConfigResult> =>
  call(userConfigEndpoints.replace, { params: { userId }, query: { name: body.name }, body }, { silent });
