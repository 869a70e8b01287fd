import { queryClient } from '../queryClient.ts';
import { useAppStore } from '../store/appStore.ts';
import { clearTokens } from './tokens.ts';
import { logoutLocation } from './urls.ts';

const DEFAULT_LOGOUT_URL = '/api/reception-center/oauth/logout';

/**
 * Signs out: forgets tokens, client state and cached server data, then lets the server end the
 * session by a plain browser navigation; it sends the browser on to /login.
 */
export function signOut(): void {
  const logoutUrl = useAppStore.getState().osConf?.logoutUrl ?? DEFAULT_LOGOUT_URL;
  clearTokens();
  useAppStore.getState().reset();
  queryClient.clear();
  window.location.assign(logoutLocation(logoutUrl, window.location.origin));
}
