import { refreshTokens } from '../api/refresh.ts';
import { useAppStore } from '../store/appStore.ts';
import { currentPath, signInAgain } from './authorize.ts';
import { fromBase64url } from './pkce.ts';
import { accessToken } from './tokens.ts';

/** A token handed to another application must last long enough for it to start and make its first calls. */
export const MIN_SECONDS_LEFT = 60;

/** Seconds until the access token's `exp`; 0 for a token that is not a readable JWT. */
export function secondsLeft(token: string, nowMs = Date.now()): number {
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(token.split('.')[1] ?? ''))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? Math.max(0, payload.exp - nowMs / 1000) : 0;
  } catch {
    return 0;
  }
}

/** The access token if it has at least MIN_SECONDS_LEFT to live (synchronous: usable inside a click). */
export function accessTokenUsableNow(): string | undefined {
  const token = accessToken();
  return token && secondsLeft(token) >= MIN_SECONDS_LEFT ? token : undefined;
}

/**
 * A new access token from the shell's single-flight refresh; when that fails the session is over
 * and sign-in starts again, as for the shell's own calls (spec §4).
 */
export async function refreshedAccessToken(): Promise<string> {
  const token = (await refreshTokens()) ? accessToken() : undefined;
  return token ?? signInAgain(useAppStore.getState().osConf, currentPath());
}

/** The access token, refreshed first when it is about to expire. */
export const usableAccessToken = async (): Promise<string> => accessTokenUsableNow() ?? refreshedAccessToken();
