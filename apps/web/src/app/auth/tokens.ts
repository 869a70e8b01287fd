import { IS_REFRESH_TOKEN_FLAG, REFRESH_TOKEN_COOKIE, REMEMBER_LOGIN_FLAG, TOKEN_COOKIE, type TokenResponse } from '@portal/contracts';
import Cookies from 'js-cookie';

/** Reading the access token belongs to the HTTP client's layer; the shell's auth code uses it from there. */
export { accessToken } from '../../api/credentials.ts';

const REMEMBER_DAYS = 30;

const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'Lax',
  secure: window.location.protocol === 'https:',
  // Session cookies unless the user ticked "remember me" at sign-in.
  ...(localStorage.getItem(REMEMBER_LOGIN_FLAG) === 'true' ? { expires: REMEMBER_DAYS } : {}),
});

export const refreshToken = (): string | undefined => Cookies.get(REFRESH_TOKEN_COOKIE);

export function storeTokens(tokens: TokenResponse): void {
  const options = cookieOptions();
  Cookies.set(TOKEN_COOKIE, tokens.access_token, options);
  Cookies.set(REFRESH_TOKEN_COOKIE, tokens.refresh_token, options);
}

export function clearTokens(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove(REFRESH_TOKEN_COOKIE, { path: '/' });
}

export const setRemember = (remember: boolean): void => localStorage.setItem(REMEMBER_LOGIN_FLAG, String(remember));

/** Cross-tab marker that a refresh is under way, so other tabs wait instead of racing it. */
export const refreshFlag = {
  isSet: (): boolean => localStorage.getItem(IS_REFRESH_TOKEN_FLAG) === 'true',
  set: (on: boolean): void => localStorage.setItem(IS_REFRESH_TOKEN_FLAG, String(on)),
};
