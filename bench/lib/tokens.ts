import { accessToken as accessTokenOf, signIn as signInAs } from '../../apps/server/test/http-tokens.ts';
import { ADMIN_PASSWORD } from './server.ts';

export { refreshBody, refreshForm, SIGN_IN_PATH, tokenChain, TOKEN_PATH, WHO_PATH } from '../../apps/server/test/http-tokens.ts';

/** A password sign-in (the administrator unless named): the session cookie. */
export const signIn = (url: string, username = 'admin', password = ADMIN_PASSWORD) => signInAs(url, username, password);

/** The access token of a fresh sign-in (the administrator unless named), for calls that never refresh. */
export const accessToken = (url: string, username = 'admin', password = ADMIN_PASSWORD) => accessTokenOf(url, username, password);
