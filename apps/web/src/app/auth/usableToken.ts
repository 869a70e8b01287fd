import { refreshTokens } from '../api/refresh.ts';
import { useAppStore } from '../store/appStore.ts';
import { currentPath, signInAgain } from './authorize.ts';
import { accessToken } from './tokens.ts';

/**
 * A new access token from the shell's single-flight refresh; when that fails the session is over
 * and sign-in starts again, as for the shell's own calls (spec §4).
 */
export async function refreshedAccessToken(): Promise<string> {
  const token = (await refreshTokens()) ? accessToken() : undefined;
  return token ?? signInAgain(useAppStore.getState().osConf, currentPath());
}
