import type { Application, FrontendResources, NavmenuConfig, PreferencesConfig, UserConfigBody, UserConfigResult } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../api/http.ts';

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
  queryFn: (): Promise<Application[]> => http.get<Application[]>('/api/permission/applications/self', { silent: true }).then((r) => r.data),
});

/** GET /users/resources/frontend?instant=: an application's own menu tree and resources for the caller. */
export const appResourcesQuery = (instant: string) =>
  queryOptions({
    queryKey: appResourcesKey(instant),
    queryFn: (): Promise<FrontendResources> =>
      http.get<FrontendResources>('/api/permission/users/resources/frontend', { params: { instant }, silent: true }).then((r) => r.data),
  });

const configUrl = (userId: string) => `/api/system-config/user/${encodeURIComponent(userId)}/config`;

interface UserConfigs {
  Navmenu: NavmenuConfig;
  Preferences: PreferencesConfig;
}

/** GET /user/{userId}/config?name=: the user's saved config of that name, or null when never saved. */
export const userConfigQuery = <Name extends keyof UserConfigs>(userId: string, name: Name) =>
  queryOptions({
    queryKey: userConfigKey(userId, name),
    queryFn: (): Promise<UserConfigs[Name] | null> =>
      http
        .get<UserConfigResult>(configUrl(userId), { params: { name }, silent: true })
        .then((r) => r.data.config as UserConfigs[Name] | null),
  });

/** PUT /user/{userId}/config?name=: replaces the whole config of that name. `silent`: the caller shows its own error. */
export const saveUserConfig = (userId: string, body: UserConfigBody, silent = false): Promise<UserConfigResult> =>
  http.put<UserConfigResult>(configUrl(userId), body, { params: { name: body.name }, silent }).then((r) => r.data);
