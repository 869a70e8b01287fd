import type { OAuthConfig } from '@portal/contracts';
import { isAxiosError } from 'axios';
import { exchangeCode } from '../api/oauth.ts';
import { withQuery } from '../../api/query.ts';
import { challengeOf, createState, createVerifier } from './pkce.ts';
import { clearTokens, storeTokens } from './tokens.ts';
import { FIRST_LANDING, authorizeUrl, signInTarget, type Callback } from './urls.ts';

/** sessionStorage keys of one sign-in round trip. */
const KEYS = { verifier: 'pkce_code_verifier', state: 'pkce_state', target: 'auth_target' } as const;

/** A promise that never settles: the page is navigating away, so nothing after it should run. */
export const navigatingAway = (): Promise<never> => new Promise(() => undefined);

export const currentPath = (): string => window.location.pathname + window.location.search;

/** Remembers where the user wanted to go, to land there after signing in ('/': no deep link, first landing). */
const saveTarget = (path: string): void => sessionStorage.setItem(KEYS.target, signInTarget(path));

const takeTarget = (): string => {
  const target = signInTarget(sessionStorage.getItem(KEYS.target) ?? FIRST_LANDING);
  sessionStorage.removeItem(KEYS.target);
  return target;
};

/** Creates and saves a PKCE verifier and state for `target`, giving the authorize request. */
async function prepareAuthorize(config: OAuthConfig, target: string): Promise<string> {
  const verifier = createVerifier();
  const state = createState();
  sessionStorage.setItem(KEYS.verifier, verifier);
  sessionStorage.setItem(KEYS.state, state);
  saveTarget(target);
  return authorizeUrl(config, { state, challenge: await challengeOf(verifier) });
}

/** Set once the browser is sent into a sign-in round: parallel callers must not start another. */
let leaving = false;

/** Starts the authorization-code flow with PKCE, once; the browser leaves the SPA. */
export async function startAuthorize(config: OAuthConfig, target: string): Promise<never> {
  if (leaving) return navigatingAway();
  leaving = true;
  window.location.assign(await prepareAuthorize(config, target));
  return navigatingAway();
}

/**
 * The session is over (the refresh failed): forget both tokens and go to /login. The login page
 * gets the authorize request as return_to, so signing in leads back to `target` with new tokens.
 */
export async function signInAgain(config: OAuthConfig | null, target: string): Promise<never> {
  if (leaving) return navigatingAway();
  leaving = true;
  clearTokens();
  const returnTo = config ? await prepareAuthorize(config, target) : undefined;
  window.location.assign(withQuery('/login', { return_to: returnTo }));
  return navigatingAway();
}

/**
 * Finishes sign-in from the authorization response: exchanges code and verifier for tokens, stores
 * them and reloads the saved target without code and state. A refused exchange (400), a state that
 * is not ours or an error response go to /login; any other failure to /500.
 */
export async function completeSignIn(config: OAuthConfig, callback: Callback): Promise<never> {
  const verifier = sessionStorage.getItem(KEYS.verifier);
  const expectedState = sessionStorage.getItem(KEYS.state);
  sessionStorage.removeItem(KEYS.verifier);
  sessionStorage.removeItem(KEYS.state);
  if (callback.kind === 'error' || !verifier || callback.state !== expectedState) {
    window.location.replace('/login');
    return navigatingAway();
  }
  const target = takeTarget();
  try {
    storeTokens(await exchangeCode(config, { code: callback.code, verifier, state: callback.state }));
    window.location.replace(target);
  } catch (error) {
    const refused = isAxiosError(error) && error.response?.status === 400;
    window.location.replace(refused ? '/login' : withQuery('/500', { redirectUri: target }));
  }
  return navigatingAway();
}
