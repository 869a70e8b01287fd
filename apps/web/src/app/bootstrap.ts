import { fetchOAuthConfig } from './api/oauth.ts';
import { withQuery } from '../api/query.ts';
import { completeSignIn, currentPath, navigatingAway, startAuthorize } from './auth/authorize.ts';
import { refreshToken } from './auth/tokens.ts';
import { firstSegment, readCallback } from './auth/urls.ts';
import { isShellPage } from './router.tsx';
import { useAppStore } from './store/appStore.ts';
import { applyOpenConfig, fallbackName, fetchOpenConfig } from './system/openConfig.ts';
import { showIdentity } from './system/identity.ts';

/**
 * Start-up before the first render: restore the sealed client state, load the sign-in
 * configuration (a failure leads to /500, spec §4) and, beside it, the public configuration (the
 * system's name, icon, sign-in page and default look; without it, the portal's own), when the
 * address carries an authorization response, finish signing in, and without a session on a
 * signed-in page, start signing in. Settles only when the app should render.
 */
export async function bootstrap(): Promise<void> {
  await useAppStore.persist.rehydrate();
  const [config, system] = await Promise.all([fetchOAuthConfig().catch(() => null), fetchOpenConfig().catch(() => null)]);
  if (system) applyOpenConfig(system);
  else showIdentity({ name: fallbackName(config?.systemName), icon: null });
  if (config) {
    useAppStore.getState().setOsConf(config);
  } else if (firstSegment(window.location.pathname) !== '500') {
    window.location.replace(withQuery('/500', { redirectUri: currentPath() }));
    return navigatingAway();
  }
  const callback = readCallback(window.location.search);
  if (callback && config) return completeSignIn(config, callback);
  // The shell's own gate would do the same, but only once the router has loaded the shell's code:
  // a stranger on the way to /login would download it for nothing.
  if (config && !refreshToken() && isShellPage(window.location.pathname)) return startAuthorize(config, currentPath());
}
